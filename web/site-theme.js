// rules.html: the colours chosen in the app's header (web/boot.js, "nos.theme.v1"), set
// before the page is drawn so that it never flashes: light or dark, else the system's
// (assets/site.css). Storage refused (a strict browser): the system's.
try {
  const choice = localStorage.getItem("nos.theme.v1");
  if (choice === "light" || choice === "dark") document.documentElement.dataset.theme = choice;
} catch (err) {
  // the system's colours
}
