export const THEME_STORAGE_KEY = "lede-theme";

// Runs before the first paint, so a dark-theme visitor never sees a white flash: the stored choice wins,
// otherwise the system preference.
const SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");var d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
