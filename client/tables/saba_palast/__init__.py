"""Saba – Palast der Königin on the table (see renderer.py)."""

from client.tables.saba_palast.renderer import SabaPalastView

VIEW = SabaPalastView
