export { firecrawl as client, getClient } from "./firecrawl";
export { SiteMapper } from "./service";
