import type { VegaLiteSpec } from './bench-charts.js';

/** Compiles a Vega-Lite spec and renders it headless to an SVG string (no browser, no canvas). */
export async function renderVegaLiteSvg(spec: VegaLiteSpec): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = vegaLite.compile(spec as unknown as Parameters<typeof vegaLite.compile>[0]).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
