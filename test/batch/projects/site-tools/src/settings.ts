import type { MapParams } from "@mendable/firecrawl-js";

export const mapDefaults: MapParams = { sitemapOnly: true, useIndex: false };
