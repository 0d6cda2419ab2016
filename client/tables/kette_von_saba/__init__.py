"""Die Kette von Saba on the table: the hexagonal necklace, the auction block, purses and hands.

The view (`view.KetteVonSabaView`) is put together from this package's rooms: `layout`
(geometry), `art` (the pieces' pictures), `necklace`, `rail`, `block` and `cards` (what is drawn
where), `controls` (what the seat shown may do), `motion` (events in motion), `lettering` (text
on the table) and `words` (terms, log sentences and the rules help).
"""

from client.tables.kette_von_saba.view import KetteVonSabaView

VIEW = KetteVonSabaView
