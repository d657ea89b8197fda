// The keyboard layer of swlab's widgets (see swlab/play/keys.py for the why).
//
// One keydown listener per layer, on window in the capture phase (it runs before
// JupyterLab's own shortcuts, which listen on document), however many views the layer
// has: the listener is added with the first view and removed with the last one. A press
// is sent to Python once: {key}. A key event is this layer's when
//   1. it does not come from an editable element (typing always reaches the box),
//   2. it has no Ctrl, Alt or Meta, and the key is one the layer has a command for,
//   3. this layer is the one the page's layers elect: the innermost scope holding the
//      focus; else the innermost scope under the pointer; else, when nothing has the
//      focus (a Voila page), the page's only layer.
// Then the event is stopped (no JupyterLab shortcut fires) and, unless it is a repeat of
// a held key, sent. Enter on a focused button, link or summary is left to that element.

const EDITABLE = [
  "input", "textarea", "select", "[contenteditable]:not([contenteditable='false'])",
  "[role='textbox']", "[role='combobox']", "[role='listbox']", "[role='spinbutton']",
].join(",");
const ACTIVATES = "button, a[href], summary, [role='button']";

// every layer of the page (its views may come from several module instances)
const LAYERS = (globalThis.__swlabKeyLayers ??= new Map());

function editable(node) {
  return node instanceof Element && (node.isContentEditable || node.closest(EDITABLE) !== null);
}

function scopeOf(layer) {
  for (const [el, model] of layer.views) {
    const scope = el.isConnected ? el.closest("." + model.get("scope")) : null;
    if (scope) return scope;
  }
  return null;
}

function innermost(scopes) {
  return scopes.find((s) => scopes.every((o) => o === s || o.contains(s))) ?? null;
}

// the layer a key event belongs to, or null
function elect() {
  const active = document.activeElement;
  const scopes = [];
  for (const layer of LAYERS.values()) {
    const scope = scopeOf(layer);
    if (scope) scopes.push([scope, layer]);
  }
  const pick = (test) => {
    const chosen = innermost(scopes.filter(([s]) => test(s)).map(([s]) => s));
    return chosen && scopes.find(([s]) => s === chosen)[1];
  };
  const nothingFocused = !active || active === document.body || active === document.documentElement;
  return (
    pick((s) => active && s.contains(active)) ??
    pick((s) => s.matches(":hover")) ??
    (nothingFocused && scopes.length === 1 ? scopes[0][1] : null)
  );
}

function onKeydown(layer, event) {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
  const key = (event.key || "").toLowerCase();
  const [model] = layer.views.values();
  if (!model || !model.get("bound_keys").includes(key)) return;
  const target = event.composedPath()[0] ?? event.target;
  if (editable(target) || editable(document.activeElement)) return;
  if (elect() !== layer) return;
  event.stopPropagation();
  if (key === "enter" && target instanceof Element && target.closest(ACTIVATES)) return;
  event.preventDefault();
  if (!event.repeat) model.send({ key });
}

function render({ model, el }) {
  el.classList.add("swlab-keys-layer");
  const id = model.get("layer_id");
  let layer = LAYERS.get(id);
  if (!layer) {
    layer = { views: new Map(), listener: null };
    layer.listener = (event) => onKeydown(layer, event);
    LAYERS.set(id, layer);
  }
  if (layer.views.size === 0) window.addEventListener("keydown", layer.listener, true);
  layer.views.set(el, model);
  return () => {
    layer.views.delete(el);
    if (layer.views.size === 0) {
      window.removeEventListener("keydown", layer.listener, true);
      LAYERS.delete(id);
    }
  };
}

export default { render };
