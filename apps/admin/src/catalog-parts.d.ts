// A catalog half (`?part=boot` / `?part=screens`), cut by the Vite plugin in build/client-messages.ts.
type CatalogHalf = { [key: string]: string | CatalogHalf };
declare module '*.json?part=boot' {
  const catalog: CatalogHalf;
  export default catalog;
}
declare module '*.json?part=screens' {
  const catalog: CatalogHalf;
  export default catalog;
}
