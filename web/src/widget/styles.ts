// The widget's CSS, scoped to its shadow root. Everything hangs off the .w wrapper, not :host:
// the host page's rules (even `* { … !important }`) match the host element and would be
// inherited, but never match elements inside the shadow root.
export const WIDGET_CSS = `
:host{all:initial}
.w{all:initial;display:block;position:fixed;right:18px;bottom:18px;z-index:2147483000;font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d1f23;
--bg:#fff;--line:#dfe1e6;--muted:#5b616b;--accent:#2b59c3;--on:#fff;--warn:#fff4d6;--warn-t:#6b4e00;--bad:#fde8e8;--bad-t:#8a1c1c}
@media (prefers-color-scheme:dark){.w{color:#e8e9ec;--bg:#1d2026;--line:#353a44;--muted:#a3a9b3;--accent:#7ea2ff;--on:#0e1320;--warn:#3a3112;--warn-t:#f4dc94;--bad:#3d1717;--bad-t:#ffb4b4}}
*{box-sizing:border-box}
[hidden]{display:none!important}
.bubble{width:56px;height:56px;border-radius:50%;border:0;background:var(--accent);color:var(--on);font:700 22px/1 Georgia,serif;cursor:pointer;box-shadow:0 6px 20px rgb(0 0 0/.25);margin-left:auto;display:block}
.panel{position:absolute;right:0;bottom:68px;width:min(380px,calc(100vw - 36px));height:min(560px,calc(100vh - 110px));display:flex;flex-direction:column;background:var(--bg);border:1px solid var(--line);border-radius:14px;box-shadow:0 12px 40px rgb(0 0 0/.28);overflow:hidden}
.head{display:flex;align-items:center;gap:8px;padding:10px 12px;border-bottom:1px solid var(--line)}
.head h2{font-size:15px;margin:0;flex:1}
.badge{font-size:11px;font-weight:600;padding:1px 8px;border-radius:99px;background:var(--warn);color:var(--warn-t)}
.badge[data-kind=online]{background:#e3f3e8;color:#145c2b}
.badge[data-kind=degraded]{background:var(--bad);color:var(--bad-t)}
.close{border:0;background:none;color:inherit;font-size:20px;cursor:pointer;line-height:1;padding:2px 6px}
.log{flex:1;overflow:auto;padding:10px 12px;display:flex;flex-direction:column;gap:10px}
.q{align-self:flex-end;background:var(--accent);color:var(--on);padding:6px 10px;border-radius:12px 12px 2px 12px;max-width:85%;margin:0}
.a{border:1px solid var(--line);border-radius:12px;padding:8px 10px;min-width:0}
.q,.a,.srcs{overflow-wrap:anywhere}
.a p{margin:0 0 6px}
.status{font-size:12.5px;color:var(--muted);margin:0 0 4px}
.a[data-state=error] .status{color:var(--bad-t)}
.note{font-size:12.5px;background:var(--warn);color:var(--warn-t);border-radius:8px;padding:4px 8px;margin:0 0 6px}
.cite a,.cite span{font-size:11px;font-weight:700;padding:0 4px;border-radius:4px;background:color-mix(in srgb,var(--accent) 16%,transparent);color:var(--accent);text-decoration:none;margin-left:1px}
.srcs{list-style:none;margin:6px 0 0;padding:6px 0 0;border-top:1px solid var(--line);display:grid;gap:3px;font-size:12.5px}
.src{display:grid}
.src.uncited .src-title{color:var(--muted)}
.src.uncited .src-domain::after{content:" · not cited"}
.src-title{color:var(--accent)}
.src-domain{color:var(--muted);font-size:11.5px}
form{display:flex;flex-wrap:wrap;gap:6px;padding:8px;border-top:1px solid var(--line)}
.composer-note{order:3;flex-basis:100%;margin:0;font-size:12.5px;background:var(--warn);color:var(--warn-t);border-radius:8px;padding:4px 8px}
textarea{flex:1;resize:none;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:10px;padding:6px 8px;min-height:38px}
button.send,button.stop{font:inherit;font-weight:600;border-radius:10px;padding:6px 12px;cursor:pointer;border:1px solid var(--accent)}
button.send{background:var(--accent);color:var(--on)}
button.stop{background:transparent;color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`
