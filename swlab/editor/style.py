"""The map editor's look: one style block, sized from the window and the map's labels
(the label size follows the map, as in the game viewer)."""

from __future__ import annotations

from swlab.play.viewer import CHROME_PX

__all__ = ["editor_css"]


def editor_css(label: int = 16) -> str:
    """The editor's style block: the panel beside the map (scrolling on its own), label
    icons that let clicks through, the map's label size ``label`` (px).

    What a hover draws (a neighbour's tint, the hovered outline, the shared borders) lets
    the pointer through to the region under it too. The drawing changes as the pointer
    moves onto another region, and a tint replaced between a button's press and release
    took the click away: pressed on the tint and released on the region, it landed on
    neither, and the region was not selected."""
    return f"""<style>
.swlab-editor {{ container-type: inline-size; }}
.swlab-editor .swlab-editor-row {{ display: flex; flex-flow: row nowrap; align-items: flex-start;
  gap: 10px; width: 100%; }}
.swlab-editor .swlab-editor-panel {{ flex: 1 1 20em; min-width: 18em; overflow-y: auto;
  max-height: calc(100vh - {CHROME_PX}px); padding-right: 4px; }}
.swlab-editor .swlab-editor-panel > * {{ flex-shrink: 0; }}
.swlab-editor .widget-html > .widget-html-content {{ height: auto; line-height: 1.3; }}
.swlab-editor-map .leaflet-div-icon {{ background: transparent; border: none;
  pointer-events: none !important; }}
.swlab-editor-map path.swlab-neighbour, .swlab-editor-map path.swlab-focus,
.swlab-editor-map path.swlab-shared-border {{ pointer-events: none !important; }}
.swlab-editor-map.leaflet-container {{ background: #f7f7f2; }}
.swlab-editor-map {{ --swlab-label-px: {label}px; }}
.swlab-editor-map .swlab-label {{ font-size: var(--swlab-label-px); }}
.swlab-editor-map .swlab-corner-label {{ font: 600 12px sans-serif; color: #000;
  background: #FFF3D6; border: 2px dashed #E69F00; border-radius: 4px; padding: 1px 4px;
  white-space: nowrap; width: max-content; }}
.swlab-editor .swlab-mode {{ font-weight: 700; padding: 2px 8px; background: #eef4fb;
  border-left: 5px solid #0072B2; }}
.swlab-editor .swlab-hover {{ white-space: pre-wrap; font-size: 13px; height: 8.5em;
  overflow-y: auto; background: #fafafa; }}
.swlab-editor table {{ border-collapse: collapse; font-size: 13px; }}
.swlab-editor th, .swlab-editor td {{ border-bottom: 1px solid #ccc; padding: 1px 6px; }}
.swlab-editor .swlab-editor-problems select option {{ white-space: normal;
  border-bottom: 1px solid #e4e4e4; padding: 1px 0; }}
.swlab-editor .swlab-overlay-box {{ border-left: 3px solid #ccc; padding-left: 6px;
  font-size: 13px; }}
</style>"""
