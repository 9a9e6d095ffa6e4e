// Every Mantine style, in the `mantine` CSS layer: what the signed-in screens and the other screens
// that are not sign-in screens use. Loaded as its own chunk by `loadScreenStyles`.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
