import { useEffect, useState } from "react";

// Calls the API route; no Firecrawl code runs in the browser, so nothing here changes.
export function Summary({ url }: { url: string }) {
  const [summary, setSummary] = useState<string>("");
  useEffect(() => {
    fetch("/api/summary", { method: "POST", body: JSON.stringify({ url }) })
      .then((res) => res.json())
      .then((body: { summary: string }) => setSummary(body.summary));
  }, [url]);
  return <p>{summary}</p>;
}
