// plotly figures on hotellab's JupyterLite site (hotellab.publish.site ships this extension in
// the site in place of jupyterlab-plotly). jupyterlab-plotly's mime extension is one 4.8 MB
// module that the page loads and compiles at start, before any notebook shows, on every
// visit; here plotly.js (the copy of the Python plotly package the site ships, put beside
// this extension by the site build as static/plotly.min.js) is loaded when the first figure
// is drawn. Output type: plotly's own application/vnd.plotly.v1+json ({data, layout, frames,
// config}); the renderer is safe (plotly.js draws the JSON; no markup from the output is
// inserted).
//
// Built with `bash scripts/build_labextension.sh` into hotellab/publish/lite_plotly/.

import { Widget } from "@lumino/widgets";

export const MIME_TYPE = "application/vnd.plotly.v1+json";

let plotly = null;

// window.Plotly from static/plotly.min.js beside this extension (once per page)
function loadPlotly() {
  if (!plotly) {
    plotly = new Promise((resolve, reject) => {
      if (window.Plotly) return resolve(window.Plotly);
      // __webpack_public_path__: this extension's static folder in the site
      const src = new URL("plotly.min.js", new URL(__webpack_public_path__, document.baseURI)).href;
      const s = document.createElement("script");
      s.src = src;
      s.onload = () => (window.Plotly ? resolve(window.Plotly) : reject(new Error("plotly.min.js defined no Plotly")));
      s.onerror = () => reject(new Error(`cannot load ${src}`));
      document.head.append(s);
    });
    plotly.catch(() => (plotly = null));
  }
  return plotly;
}

class PlotlyRenderer extends Widget {
  constructor(options) {
    super();
    this._mimeType = options.mimeType;
    this.addClass("hotellab-plotly");
    this._drawn = false;
  }

  async renderModel(model) {
    const fig = model.data[this._mimeType] || {};
    try {
      const Plotly = await loadPlotly();
      const config = { responsive: true, displaylogo: false, ...(fig.config || {}) };
      await Plotly.react(this.node, fig.data || [], fig.layout || {}, config);
      if (fig.frames && fig.frames.length) await Plotly.addFrames(this.node, fig.frames);
      this._drawn = true;
    } catch (err) {
      const p = document.createElement("p");
      p.textContent = `This figure cannot be drawn (${err.message}).`;
      this.node.replaceChildren(p);
      console.warn("hotellab:", err);
    }
  }

  onAfterShow() {
    if (this._drawn && window.Plotly) window.Plotly.Plots.resize(this.node);
  }

  onResize() {
    if (this._drawn && window.Plotly && this.node.offsetWidth) window.Plotly.Plots.resize(this.node);
  }

  dispose() {
    if (this._drawn && window.Plotly) window.Plotly.purge(this.node);
    super.dispose();
  }
}

export default {
  id: "hotellab-lite-plotly:renderer",
  name: "hotellab-lite-plotly",
  rendererFactory: { safe: true, mimeTypes: [MIME_TYPE], createRenderer: (options) => new PlotlyRenderer(options) },
  rank: 0,
  dataType: "json",
};
