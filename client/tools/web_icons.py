"""The page's home-screen icons (client/web/icons/), drawn from the pygame client's own gems.

`python -m client.tools.web_icons` draws them again into client/web/icons/: the velvet of the
table, a gold rim, and four cut gems (client/ui/gems.py) — a brilliant among a ruby, an emerald
and a sapphire. The manifest (client/web/manifest.webmanifest) names them; the "maskable" one keeps
its gems inside the middle 80 % that every launcher's mask leaves showing.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from client.ui import theme
from client.ui.gems import gem_surface

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
# file name: (size in px, rounded corners and rim, share of the side the drawing may take)
ICON_FILES = {
    "icon-192.png": (192, True, 1.0),
    "icon-512.png": (512, True, 1.0),
    "icon-maskable-512.png": (512, False, 0.8),
    "apple-touch-icon.png": (180, False, 0.9),
}
VELVET = (15, 46, 43)
VELVET_LIGHT = (23, 69, 65)
# Where the gems sit, as fractions of the drawing's side from its centre, and their sizes.
GEMS = (
    ("ruby", (-0.23, -0.14), 0.34),
    ("emerald", (0.23, -0.14), 0.34),
    ("sapphire", (0.0, 0.25), 0.34),
    ("diamond", (0.0, 0.0), 0.32),
)


def draw_icon(size: int, rounded: bool, share: float) -> pygame.Surface:
    """One icon: `rounded` gives it corners and a gold rim (a plain icon); without, the velvet
    fills the square edge to edge (a launcher's mask or iOS rounds it)."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = round(size * 0.22) if rounded else 0
    pygame.draw.rect(icon, VELVET, icon.get_rect(), border_radius=radius)
    glow = round(size * 0.36)
    pygame.draw.circle(icon, VELVET_LIGHT, (size // 2, round(size * 0.46)), glow)
    if rounded:
        rim = max(2, round(size * 0.03))
        pygame.draw.rect(icon, theme.GOLD, icon.get_rect(), rim, border_radius=radius)
    inner = size * share
    for kind, (dx, dy), scale in GEMS:
        side = round(inner * scale)
        gem = gem_surface(kind, side)
        centre = (size / 2 + dx * inner, size / 2 + dy * inner)
        icon.blit(gem, gem.get_rect(center=(round(centre[0]), round(centre[1]))))
    return icon


def write_icons(folder: Path = ICONS) -> list[Path]:
    """Draw every icon of ICON_FILES into `folder`; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, rounded, share) in ICON_FILES.items():
        path = folder / name
        pygame.image.save(draw_icon(size, rounded, share), str(path))
        written.append(path)
    return written


def main() -> None:
    for path in write_icons():
        print(path)


if __name__ == "__main__":
    main()
