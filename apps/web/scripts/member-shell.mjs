// The shell of a signed-in member's page (the dashboard's header, navigation and a skeleton), painted from the
// HTML alone while the stylesheet and the app load: scripts/prerender.mjs puts the style in the head of the
// member pages' template (prerendered/member.html) and the markup before the stylesheet, which sits in the body
// so that it blocks only what follows it. The app's own HTML (a deal rendered by the server) or the app itself
// replaces it: once #root has content the rule below hides the shell (main.tsx also removes it).
// Plain CSS with Mantine's colours (the theme's light and dark body, borders and skeleton greys, the brand green).

export const MEMBER_SHELL_STYLE = `<style>
      #boot-shell { position: fixed; inset: 0; z-index: 1; overflow: hidden; background: #fff; color: #000;
        font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      [data-mantine-color-scheme="dark"] #boot-shell { background: #242424; color: #c9c9c9; }
      body:has(#root > *) #boot-shell { display: none; }
      #boot-shell .bs-header { display: flex; align-items: center; justify-content: space-between; gap: 12px;
        height: 60px; padding: 0 16px; border-bottom: 1px solid #dee2e6; box-sizing: border-box; }
      [data-mantine-color-scheme="dark"] #boot-shell .bs-header,
      [data-mantine-color-scheme="dark"] #boot-shell .bs-nav { border-color: #424242; }
      #boot-shell .bs-logo { display: flex; align-items: center; gap: 6px; font-size: 18px; font-weight: 800; }
      #boot-shell .bs-burger { width: 18px; height: 12px; border-top: 2px solid currentColor;
        border-bottom: 2px solid currentColor; margin-right: 6px; }
      #boot-shell .bs-tools { display: flex; gap: 12px; }
      #boot-shell .bs-tools .bs-round { width: 36px; height: 36px; margin: 0; border-radius: 50%; }
      #boot-shell .bs-body { display: flex; }
      #boot-shell .bs-nav { display: none; width: 240px; flex: none; padding: 12px; box-sizing: border-box;
        border-right: 1px solid #dee2e6; height: calc(100vh - 60px); }
      #boot-shell .bs-main { flex: 1; min-width: 0; padding: 16px; }
      #boot-shell .bs-bar { background: #f1f3f5; border-radius: 8px; margin-bottom: 16px;
        animation: bs-pulse 1.5s ease-in-out infinite; }
      [data-mantine-color-scheme="dark"] #boot-shell .bs-bar { background: #2e2e2e; }
      #boot-shell .bs-nav .bs-bar { height: 28px; margin-bottom: 8px; }
      @keyframes bs-pulse { 50% { opacity: 0.55; } }
      @media (prefers-reduced-motion: reduce) { #boot-shell .bs-bar { animation: none; } }
      @media (min-width: 48em) { #boot-shell .bs-nav { display: block; } #boot-shell .bs-burger { display: none; } }
    </style>`;

export const MEMBER_SHELL_MARKUP = `<div id="boot-shell" aria-hidden="true">
      <div class="bs-header">
        <div class="bs-logo"><span class="bs-burger"></span><svg width="28" height="28" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#007b56"/><path d="M9 12h11l-3-3M23 20H12l3 3" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round"/></svg>BarterAds</div>
        <div class="bs-tools"><span class="bs-round bs-bar"></span><span class="bs-round bs-bar"></span><span class="bs-round bs-bar"></span></div>
      </div>
      <div class="bs-body">
        <div class="bs-nav"><div class="bs-bar"></div><div class="bs-bar"></div><div class="bs-bar"></div><div class="bs-bar"></div><div class="bs-bar"></div><div class="bs-bar"></div></div>
        <div class="bs-main"><div class="bs-bar" style="height:14px;width:25%"></div><div class="bs-bar" style="height:32px;width:60%"></div><div class="bs-bar" style="height:160px"></div><div class="bs-bar" style="height:160px"></div></div>
      </div>
    </div>`;
