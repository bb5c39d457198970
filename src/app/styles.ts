// Mantine's styles, in the `mantine` cascade layer: loaded by src/main.tsx beside the page chunk
// instead of blocking the static shell's first paint, and, being layered, below any page's own CSS
// whatever order the stylesheets arrive in. The Tamil web font rides along (its faces download only for Tamil text).
import '@mantine/core/styles.layer.css';
import './tamil-font.css';
