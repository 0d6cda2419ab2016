"""Die Kette von Saba on the table: the hexagonal necklace, the auction block, purses and hands.

The view (`view.KetteVonSabaView`) is put together from regions (client/tables/regions.py):
`necklace`, `corners` (the deck and the forgeries), `rail`, `block` (with the amount chooser),
`lot`, `hand`, `air` (what flies) and `banner`; besides them `layout` (geometry), `art` (the
pieces' pictures), `controls` (the move buttons), `motion` (the events' choreography),
`lettering` (text on the table) and `words` (money and the panels' lines).
"""

from client.tables.kette_von_saba.view import KetteVonSabaView

VIEW = KetteVonSabaView
