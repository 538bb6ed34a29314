// Astro's types for import.meta.env and the client, for the site code under src/site and src/pages.
/// <reference types="astro/client" />
