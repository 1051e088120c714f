import base from "./playwright.config";
export default {...base, projects: base.projects?.map(p => p.name==="site-wide" ? {...p, dependencies:["setup"]} : p)};
