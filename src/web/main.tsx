import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

const afterFirstPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * The app (React, the router, the page) is its own chunk. A prerendered page is on screen from
 * the HTML alone, so its JavaScript is fetched once that first paint is done instead of taking
 * bandwidth from the stylesheet and fonts before it; other pages load it at once (the server
 * preloads it for them).
 */
void (root.dataset.prerendered ? afterFirstPaint() : Promise.resolve())
  .then(() => import("./start-app"))
  .then(({ startApp }) => startApp(root));
