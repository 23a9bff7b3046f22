import { styleAdopter } from '../../../internal'

/**
 * The panel's stylesheet, adopted by its shadow root as a constructable stylesheet: no `<style>` element and no
 * inline `style` attribute, so it works on a page whose CSP has `style-src 'self'` without 'unsafe-inline'. Page
 * selectors cannot reach into the shadow root and these rules cannot reach out of it.
 */
const CSS = `
:host{all:initial}
.panel{all:initial;position:fixed;top:0;right:0;bottom:0;z-index:2147482000;display:flex;flex-direction:column;
  width:min(560px,100vw);background:#fff;color:#111827;border-left:1px solid #d1d5db;box-shadow:-8px 0 32px rgba(0,0,0,.18);
  font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Apple SD Gothic Neo","Noto Sans KR",sans-serif;
  -webkit-font-smoothing:antialiased;-webkit-text-size-adjust:100%}
.panel *,.panel *::before,.panel *::after{box-sizing:border-box}
.panel:focus{outline:none}
header{display:flex;align-items:center;gap:12px;padding:12px 12px 12px 16px;border-bottom:1px solid #e5e7eb;background:#111827;color:#fff}
h2{flex:1 1 auto;margin:0;font-size:16px;font-weight:700}
h2 small{display:block;font-size:12px;font-weight:400;color:#d1d5db}
h3{margin:16px 0 8px;font-size:13px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#374151}
h3:first-child{margin-top:0}
button,select,input{font:inherit;color:inherit}
button{cursor:pointer}
.close{display:flex;align-items:center;justify-content:center;width:40px;height:40px;margin:0;padding:0;border:0;border-radius:8px;
  background:transparent;color:#fff;font-size:22px;line-height:1}
.close:hover{background:rgba(255,255,255,.15)}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
header :focus-visible{outline-color:#93c5fd}
[role=tablist]{display:flex;flex-wrap:wrap;gap:4px;padding:8px 12px;border-bottom:1px solid #e5e7eb;background:#f9fafb}
[role=tab]{min-height:36px;margin:0;padding:6px 10px;border:1px solid transparent;border-radius:8px;background:transparent;color:#374151;font-weight:600}
[role=tab]:hover{background:#eef2ff}
[role=tab][aria-selected=true]{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
.count{margin-left:6px;padding:0 6px;border-radius:999px;background:#e5e7eb;color:#1f2937;font-size:12px;font-weight:700}
[aria-selected=true] .count{background:#fff;color:#1d4ed8}
[role=tabpanel]{flex:1 1 auto;min-height:0;overflow-y:auto;padding:12px 16px 24px;overscroll-behavior:contain}
.toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin-bottom:12px}
.toolbar input{flex:1 1 180px}
input,select{min-height:36px;padding:6px 8px;border:1px solid #9ca3af;border-radius:6px;background:#fff;min-width:0}
.btn{min-height:36px;margin:0;padding:6px 12px;border:1px solid #9ca3af;border-radius:6px;background:#fff;font-weight:600;white-space:nowrap}
.btn:hover{background:#f3f4f6}
.btn:disabled{cursor:default;color:#6b7280;background:#f9fafb;border-color:#d1d5db}
.btn.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
.btn.primary:hover{background:#1e40af}
ul{margin:0;padding:0;list-style:none}
.card{padding:10px 12px;border:1px solid #e5e7eb;border-radius:8px;margin-bottom:8px}
.card.overridden{border-color:#7c3aed;background:#faf5ff}
.row{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px}
.name{font-weight:700;font-size:15px;overflow-wrap:anywhere}
.meta{color:#4b5563;font-size:13px}
.answer{margin-top:4px;display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px}
.value{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;font-weight:700;overflow-wrap:anywhere}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;background:#f3f4f6;color:#374151;font-size:12px;font-weight:600;
  font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.badge.overridden{background:#6d28d9;color:#fff}
.badge.problem{background:#fee2e2;color:#991b1b}
.badge.yes{background:#dcfce7;color:#166534}
.badge.no{background:#f3f4f6;color:#4b5563}
.controls{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin-top:8px}
.controls label{color:#374151;font-size:13px;font-weight:600}
.controls select,.controls input{flex:1 1 140px}
.error{margin:6px 0 0;color:#b91c1c;font-size:13px;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 14px;margin:0}
.pair{display:contents}
dt{color:#374151;font-weight:600}
dd{margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:anywhere}
pre{margin:0;padding:8px 10px;border-radius:6px;background:#f3f4f6;font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
  white-space:pre-wrap;overflow-wrap:anywhere}
.empty{color:#4b5563}
.event{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;padding:8px 0;border-bottom:1px solid #f3f4f6}
.time{color:#4b5563;font:12px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.plugins li{display:inline-block;margin:0 6px 6px 0}
@media (max-width:600px){.panel{border-left:0;box-shadow:none}[role=tabpanel]{padding:12px}}
@media (prefers-reduced-motion:no-preference){.btn,[role=tab]{transition:background-color .12s}}
`

/** Adopts the stylesheet (a `<style>` element only in a browser without constructable stylesheets). */
export const adoptStyles = styleAdopter(CSS)
