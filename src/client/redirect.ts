/** Redirect stubs: keep the visitor's #hash on the way to the new page (meta refresh alone drops it). */
const script = document.currentScript as HTMLScriptElement | null;
const to = script?.dataset.to;
if (to) location.replace(to.includes("#") || !location.hash ? to : to + location.hash);
