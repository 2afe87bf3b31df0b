// hotellab's JupyterLab (and JupyterLite) MIME renderer: a saved game view or lesson plays
// wherever the notebook opens, before any kernel runs and in an untrusted notebook.
//
// Why a MIME renderer: a saved GameView or Lesson output carries a `text/html` player (a
// data <script type="application/json"> plus a loader <script type="module">). nbconvert pages,
// the docs and trusted notebooks run that loader. JupyterLab runs no script of an untrusted
// output, and JupyterLite opens every notebook untrusted, so there the player was a picture.
// This extension renders the output type `application/vnd.hotellab.player+json` (which every
// GameView and Lesson output carries beside its `text/html`) with the same front-end modules
// (hotellab/widgets/gameview.js and lesson.js, bundled here at build time). It is declared
// `safe`: it never inserts the output's HTML and never runs its scripts. It reads only the
// JSON of the player's data element, parsed with DOMParser (which runs nothing), and the
// modules insert every text with textContent and every board SVG scrubbed of scripts, event
// handlers and external references.
//
// The MIME data is small: {"kind": "gameview" | "lesson", "version": 1}; the player's state
// stays in the `text/html` (written once, read by both).
//
// Built with `bash scripts/build_labextension.sh` into hotellab/labextension/ (committed, so
// installing hotellab needs no Node.js).

import { Widget } from "@lumino/widgets";
import { gunzipSync, strFromU8 } from "fflate";

import gameview from "../hotellab/widgets/gameview.js";
import lesson from "../hotellab/widgets/lesson.js";
import "../hotellab/widgets/js/board.css";
import "../hotellab/widgets/gameview.css";
import "../hotellab/widgets/lesson.css";

export const MIME_TYPE = "application/vnd.hotellab.player+json";
const VERSION = 1; // hotellab.widgets.labext.PLAYER_VERSION
const MODULES = { gameview, lesson };

// A model like anywidget's (get/set/on/off/save_changes/send) over a plain object: the
// players run with no kernel, so set only notifies the view.
export function localModel(state) {
  const handlers = new Map();
  return {
    get: (k) => state[k],
    set: (k, v) => {
      if (state[k] === v) return;
      state[k] = v;
      for (const f of [...(handlers.get("change:" + k) || [])]) f();
    },
    on: (e, f) => {
      if (!handlers.has(e)) handlers.set(e, new Set());
      handlers.get(e).add(f);
    },
    off: (e, f) => {
      if (!e) handlers.clear();
      else if (!f) handlers.delete(e);
      else if (handlers.has(e)) handlers.get(e).delete(f);
    },
    save_changes: () => {},
    send: () => {},
  };
}

// base64 of gzip -> text, at once: the modules' own inflate (DecompressionStream) is
// asynchronous, and each of its steps waits behind the page's other work (JupyterLab
// drawing the rest of the notebook), so a player decoded that way was ready seconds later
export function inflate(b64) {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return strFromU8(gunzipSync(bytes));
}

// resolves when `el` holds a drawn board (or an error shows), or after `ms`
function drawn(el, ms) {
  const done = () => el.querySelector(".hl-board svg, .hl-board .hl-error, .hl-error:not([hidden]), .hl-lesson-board");
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const obs = new MutationObserver(() => done() && (obs.disconnect(), clearTimeout(t), resolve()));
    const t = setTimeout(() => (obs.disconnect(), resolve()), ms);
    obs.observe(el, { childList: true, subtree: true });
  });
}

function text(value) {
  // a notebook file may keep a string as a list of lines (nbformat's multiline strings)
  return Array.isArray(value) ? value.join("") : String(value || "");
}

// The player's saved state: the JSON of the first `<script type="application/json"
// id="...-data">` in the output's HTML (parsed, never inserted).
export function playerState(html) {
  const doc = new DOMParser().parseFromString(text(html), "text/html");
  const el = doc.querySelector('script[type="application/json"][id$="-data"]');
  if (!el) throw new Error("this output has no saved player data");
  return JSON.parse(el.textContent);
}

let queue = Promise.resolve();

class PlayerRenderer extends Widget {
  constructor(options) {
    super();
    this._mimeType = options.mimeType;
    this._cleanup = null;
    this.addClass("hotellab-mime");
  }

  // Players are drawn one after another, in the order JupyterLab asks (the notebook's order):
  // drawn all at once, their decompressions and layouts interleave, and the first one on
  // the page is ready only when nearly all are. Only the drawing is queued: waiting for a
  // board to show (or a broken output) never holds up the players after it.
  renderModel(model) {
    const run = queue.then(() => this._render(model));
    queue = run.then(() => {}, () => {});
    return run.then((host) => this._ready(host));
  }

  async _render(model) {
    const meta = model.data[this._mimeType] || {};
    this._teardown();
    const host = document.createElement("div");
    try {
      const widget = MODULES[meta.kind];
      if (!widget) throw new Error(`unknown player kind ${JSON.stringify(meta.kind)}`);
      if (!(meta.version <= VERSION)) {
        throw new Error(`made by a newer hotellab (player version ${JSON.stringify(meta.version)}; this one reads ${VERSION})`);
      }
      const state = playerState(model.data["text/html"]);
      const need = meta.kind === "lesson" ? "_data" : "_chunks";
      if (!(need in state)) throw new Error(`its data is not a ${meta.kind === "lesson" ? "lesson" : "game view"}`);
      const m = localModel({ ...state, _inflate: inflate });
      if (widget.initialize) await widget.initialize({ model: m });
      if (meta.kind === "gameview") host.className = "hotellab-live";
      const out = await widget.render({ model: m, el: host });
      this._cleanup = typeof out === "function" ? out : null;
      this.node.replaceChildren(host);
      return host;
    } catch (err) {
      const p = document.createElement("p");
      p.className = "hotellab-mime-error";
      p.textContent = `hotellab: this saved ${meta.kind === "lesson" ? "lesson" : "game view"} cannot be shown (${err.message}). Run the cell again.`;
      this.node.replaceChildren(p);
      console.warn("hotellab:", err);
      return null;
    }
  }

  async _ready(host) {
    if (!host) return;
    await drawn(host, 10000);
    this.node.dataset.hlReady = "1";
  }

  _teardown() {
    if (this._cleanup) {
      try {
        this._cleanup();
      } catch (err) {
        console.warn("hotellab:", err);
      }
      this._cleanup = null;
    }
  }

  dispose() {
    this._teardown();
    super.dispose();
  }
}

export const rendererFactory = {
  safe: true,
  mimeTypes: [MIME_TYPE],
  createRenderer: (options) => new PlayerRenderer(options),
};

const extension = {
  id: "hotellab:player",
  name: "hotellab",
  rendererFactory,
  // before text/html (50): a saved player plays, trusted or not; after the live widget (0)
  rank: 40,
  dataType: "json",
};

export default extension;
