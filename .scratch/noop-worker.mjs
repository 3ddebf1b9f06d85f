export default async function (task) {
  return { errors: [], warnings: [], facts: { headers: task.h, links: task.l, sections: task.s, ids: task.i, warnings: [], deps: { siteValues: [] } }, dataFile: "pages/x.json" };
}
