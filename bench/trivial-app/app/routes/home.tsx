import { useLoaderData } from "react-router";

/** A loader with a few fields, as a real page has, but no database, no cookies and no services. */
export function loader() {
  return {
    title: "Trivial page",
    greeting: "Hello from React Router",
    items: ["one", "two", "three"],
    renderedAt: new Date().toISOString(),
  };
}

export function meta() {
  return [{ title: "Trivial page" }, { name: "description", content: "The bench's trivial React Router page" }];
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{data.greeting}</h1>
      <ul>
        {data.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        <time dateTime={data.renderedAt}>{data.renderedAt}</time>
      </p>
    </main>
  );
}
