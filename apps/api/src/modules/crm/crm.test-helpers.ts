/** A small design as the editor exports it: a greeting, a button and the unsubscribe link. */
export const SAMPLE_MJML = `<mjml><mj-body><mj-section><mj-column>
<mj-text>Hello {{first_name}}, news for {{artist_name}}!</mj-text>
<mj-button href="https://liberty.test/offer">Open the offer</mj-button>
<mj-text><a href="{{unsubscribe_url}}">Unsubscribe</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`;
