import { companyFacts } from "./facts.js";
import { findSources } from "./sources.js";

export async function brief(company: string, site: string) {
  const [facts, sources] = await Promise.all([companyFacts(site), findSources(company)]);
  return { facts, sources };
}
