// The shared frame of every e-mail: a plain HTML layout (inline styles only, as mail clients
// need) and the plain-text twin. Template functions build their paragraphs with these helpers;
// every value from data is escaped here, never by the templates.

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export type Block = { paragraph: string } | { button: { label: string; url: string } } | { quote: string };

export function renderEmail({ subject, greeting, blocks }: { subject: string; greeting: string; blocks: Block[] }): RenderedEmail {
  const textParts = [greeting, ''];
  const htmlParts = [`<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`];
  for (const block of blocks) {
    if ('paragraph' in block) {
      textParts.push(block.paragraph, '');
      htmlParts.push(`<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`);
    } else if ('button' in block) {
      textParts.push(`${block.button.label}: ${block.button.url}`, '');
      htmlParts.push(
        `<p style="margin:0 0 16px"><a href="${escapeHtml(block.button.url)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(block.button.label)}</a></p>`,
        `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser: ${escapeHtml(block.button.url)}</p>`,
      );
    } else {
      textParts.push(...block.quote.split('\n').map((line) => `> ${line}`), '');
      htmlParts.push(
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1;color:#333;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`,
      );
    }
  }
  textParts.push('ITConnect, the UK directory of IT professionals');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    '<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#2563eb">ITConnect</p>',
    ...htmlParts,
    '<p style="margin:24px 0 0;font-size:12px;color:#6b7280">ITConnect, the UK directory of IT professionals</p>',
    '</div></body></html>',
  ].join('\n');
  return { subject, text: textParts.join('\n'), html };
}
