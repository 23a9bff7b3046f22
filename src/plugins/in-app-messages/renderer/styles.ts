import { styleAdopter } from '../../../internal'

/**
 * The renderer's stylesheet, adopted by the shadow root as a constructable stylesheet: no `<style>` element and no
 * inline `style` attribute, so a page whose CSP has `style-src 'self'` without 'unsafe-inline' shows messages too.
 * Per-message colours are set by React as CSSOM properties, which that CSP allows.
 *
 * The top element resets everything it would inherit from the page (`all: initial`); page selectors cannot reach
 * into the shadow root and these rules cannot reach out of it.
 */
export const OPEN_MS = 240
export const CLOSE_MS = 180

const CSS = `
:host{position:static!important;transform:none!important;filter:none!important;contain:none!important;
  perspective:none!important;backdrop-filter:none!important}
.root{all:initial;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Apple SD Gothic Neo","Noto Sans KR",sans-serif;
  font-size:15px;line-height:1.5;color:#111827;-webkit-font-smoothing:antialiased;-webkit-text-size-adjust:100%}
.root *,.root *::before,.root *::after{box-sizing:border-box}
.overlay{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;
  padding:24px;background:rgba(0,0,0,.6);opacity:0;transition:opacity ${OPEN_MS}ms ease;overscroll-behavior:contain}
.mobile .overlay{padding:20px}
.overlay.sheet-overlay{align-items:flex-end;padding:0}
.open .overlay{opacity:1}
.closing .overlay{opacity:0;transition-duration:${CLOSE_MS}ms}
.stack{display:flex;flex-direction:column;align-items:stretch;width:100%;max-width:380px;max-height:100%;min-height:0;
  transform:translateY(12px) scale(.96);transition:transform ${OPEN_MS}ms cubic-bezier(.2,.8,.2,1)}
.pc .stack{max-width:420px}
.open .stack{transform:none}
.closing .stack{transform:scale(.97);transition-duration:${CLOSE_MS}ms}
.card{position:relative;display:flex;flex-direction:column;min-height:0;width:100%;overflow:hidden;background:#fff;
  border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.28);outline:none}
.scroll{overflow-y:auto;min-height:0;flex:1 1 auto;overscroll-behavior:contain}
.content{display:block;padding:24px 20px 8px;text-align:center}
.content.left{text-align:left}.content.right{text-align:right}
.no-buttons .content{padding-bottom:24px}
.title{display:block;margin:0 0 6px;font-size:19px;line-height:1.35;font-weight:700;color:#111827;white-space:pre-wrap;overflow-wrap:anywhere}
.body{display:block;margin:0;font-size:15px;color:#4b5563;white-space:pre-wrap;overflow-wrap:anywhere}
.has-close .content .title,.has-close .content.only-body .body{padding-inline:32px}
.has-close .content.left .title,.has-close .content.left.only-body .body{padding-inline:0 32px}
.has-close .content.right .title,.has-close .content.right.only-body .body{padding-inline:32px 0}
.area{all:unset;display:block;width:100%;cursor:pointer;text-align:inherit}
.area:focus-visible,.btn:focus-visible,.close:focus-visible,.dot:focus-visible,.outer-btn:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.card .area:focus-visible{outline-offset:-3px}
.actions{display:flex;gap:8px;padding:16px 20px 20px}
.actions.vertical{flex-direction:column}
.btn{flex:1 1 0;min-width:0;min-height:44px;margin:0;padding:10px 16px;border:1px solid #e5e7eb;border-radius:10px;
  background:#f3f4f6;color:#111827;font:inherit;font-weight:600;line-height:1.3;cursor:pointer;overflow-wrap:anywhere;
  transition:filter .15s}
.btn.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
.btn:hover{filter:brightness(.94)}
.btn:active{filter:brightness(.88)}
.mobile .btn{min-height:48px;font-size:16px}
.vertical .btn{flex:0 0 auto}
.close{all:unset;position:absolute;top:8px;right:8px;z-index:3;display:flex;align-items:center;justify-content:center;
  width:36px;height:36px;border-radius:50%;color:#374151;cursor:pointer}
.mobile .close{width:44px;height:44px;top:6px;right:6px}
.close svg{width:18px;height:18px;display:block}
.close.on-image{background:rgba(0,0,0,.45);color:#fff}
.close:hover{background:rgba(0,0,0,.06)}
.close.on-image:hover{background:rgba(0,0,0,.6)}
.close.on-image.light{background:rgba(255,255,255,.85)}
.close.on-image.light:hover{background:#fff}
.media{position:relative;display:block;width:100%;overflow:hidden;background:#e5e7eb;flex:0 0 auto}
.ratio-h{aspect-ratio:3/2}.ratio-v{aspect-ratio:1/1}
.layout-IMAGE .ratio-v{aspect-ratio:2/3;max-height:calc(100vh - 180px);max-height:calc(100dvh - 180px)}
.layout-IMAGE .ratio-h{aspect-ratio:4/3}
.track{display:flex;width:100%;height:100%;transition:transform 400ms ease}
.slide{position:relative;flex:0 0 100%;width:100%;height:100%;overflow:hidden}
.slide img,.slide .area{display:block;width:100%;height:100%}
.slide img{object-fit:cover;opacity:0;transition:opacity .2s}
.slide img.loaded{opacity:1}
.skeleton{position:absolute;inset:0;background:linear-gradient(90deg,#e5e7eb 0,#f3f4f6 50%,#e5e7eb 100%);
  background-size:200% 100%;animation:shimmer 1.2s linear infinite}
.failed .skeleton{animation:none}
@keyframes shimmer{from{background-position:100% 0}to{background-position:-100% 0}}
.dots{position:absolute;left:0;right:0;bottom:4px;z-index:2;display:flex;justify-content:center}
.dot{all:unset;width:24px;height:24px;display:flex;align-items:center;justify-content:center;cursor:pointer}
.dot::before{content:"";width:8px;height:8px;border-radius:50%;background:rgba(255,255,255,.55);box-shadow:0 0 0 1px rgba(0,0,0,.25)}
.dot[aria-current="true"]::before{background:#fff;width:10px;height:10px}
.inner{position:absolute;inset:12px;z-index:2;pointer-events:none}
.pos{position:absolute;pointer-events:auto}
.pos.TOP{top:0}.pos.BOTTOM{bottom:0}.pos.MIDDLE{top:50%;transform:translateY(-50%)}
.pos.LEFT{left:0}.pos.RIGHT{right:0}.pos.CENTER{left:50%;transform:translateX(-50%)}
.pos.MIDDLE.CENTER{transform:translate(-50%,-50%)}
.inner .btn{min-height:36px;padding:6px 14px;font-size:14px;background:rgba(17,24,39,.75);border-color:transparent;color:#fff}
.mobile .inner .btn{min-height:44px}
.scroll:focus-visible{outline:3px solid #2563eb;outline-offset:-3px}
.outer{display:flex;gap:8px;min-height:44px;align-items:center}
.outer.TOP{margin-bottom:8px}.outer.BOTTOM{margin-top:8px}
.outer-btn{all:unset;min-height:44px;padding:0 8px;display:flex;align-items:center;font-size:15px;font-weight:600;color:#fff;
  cursor:pointer;text-decoration:underline;text-underline-offset:3px;overflow-wrap:anywhere}
.group{display:flex;flex:1 1 auto;gap:8px}
.group.LEFT{justify-content:flex-start}.group.CENTER{justify-content:center}.group.RIGHT{justify-content:flex-end}
.sheet{position:relative;display:flex;flex-direction:column;width:100%;max-height:88vh;max-height:88dvh;overflow:hidden;
  background:#fff;border-radius:20px 20px 0 0;box-shadow:0 -8px 32px rgba(0,0,0,.22);outline:none;
  padding-bottom:env(safe-area-inset-bottom);transform:translateY(100%);transition:transform ${OPEN_MS}ms cubic-bezier(.2,.8,.2,1)}
.pc .sheet{max-width:480px;margin:0 auto}
.sheet-stack{display:flex;flex-direction:column;width:100%;align-items:stretch}
.pc .sheet-stack{max-width:480px}
.sheet-stack .outer{padding:0 12px}
.open .sheet{transform:none}
.closing .sheet{transform:translateY(100%);transition-duration:${CLOSE_MS}ms}
.sheet .content{padding-top:28px}
.sheet .outer-btn,.card .outer-btn{color:#374151}
.banner-wrap{position:fixed;left:0;right:0;z-index:2147483000;display:flex;padding:8px;pointer-events:none}
.pc .banner-wrap{padding:16px}
.banner-wrap.TOP{top:0;padding-top:max(8px,env(safe-area-inset-top))}
.banner-wrap.BOTTOM{bottom:0;padding-bottom:max(8px,env(safe-area-inset-bottom))}
.banner-wrap.LEFT{justify-content:flex-start}.banner-wrap.CENTER{justify-content:center}.banner-wrap.RIGHT{justify-content:flex-end}
.banner{position:relative;display:flex;flex-direction:column;width:100%;overflow:hidden;background:#fff;border-radius:14px;
  box-shadow:0 6px 24px rgba(0,0,0,.2);pointer-events:auto;opacity:0;transition:transform ${OPEN_MS}ms cubic-bezier(.2,.8,.2,1),opacity ${OPEN_MS}ms}
.pc .banner{max-width:560px}
.TOP .banner{transform:translateY(-24px)}.BOTTOM .banner{transform:translateY(24px)}
.open .banner{transform:none;opacity:1}
.closing .banner{opacity:0;transition-duration:${CLOSE_MS}ms}
.banner-row{display:flex;align-items:center;gap:12px;padding:12px 16px;text-align:left}
.has-close .banner-row{padding-right:52px}
.banner .thumb{flex:0 0 auto;width:56px;height:56px;border-radius:10px}
.pc .banner .thumb{width:64px;height:64px}
.banner .text{display:block;flex:1 1 auto;min-width:0}
.banner .title{font-size:16px;margin-bottom:2px}
.banner .body{font-size:14px}
.banner .banner-media{aspect-ratio:4/1;max-height:180px}
.banner .actions{padding:0 16px 12px}
.banner .btn{min-height:40px}
.mobile .banner .btn{min-height:44px}
@media (forced-colors:active){.close,.outer-btn,.card,.sheet,.banner{border:1px solid CanvasText}.dot::before{background:CanvasText}}
@media (prefers-reduced-motion:reduce){.root *,.root *::before,.root *::after{transition:none!important;animation:none!important}}
`

/** Adopts the stylesheet into `root` (one sheet object shared by every renderer of the window). */
export const adoptStyles = styleAdopter(CSS)
