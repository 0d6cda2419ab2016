"""Saba – Palast der Königin on the table (see view.py); found by the registry as VIEW."""

from client.tables.saba_palast.view import SabaPalastView

VIEW = SabaPalastView
