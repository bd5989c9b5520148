import type { TermsInline } from '@portal/contract'
import { parseTermsMarkdown } from '@portal/contract'
import { useMemo } from 'react'
import { cn } from '@/components/ui/cn'

function Inlines({ content }: { content: readonly TermsInline[] }) {
  return content.map((piece, i) =>
    piece.kind === 'strong' ? (
      <strong key={i} className="font-semibold text-slate-900">
        {piece.text}
      </strong>
    ) : piece.kind === 'em' ? (
      <em key={i}>{piece.text}</em>
    ) : (
      <span key={i}>{piece.text}</span>
    ),
  )
}

/**
 * The terms as a person reads them: the safe Markdown subset of the contract rendered as React elements. Nothing is
 * ever inserted as HTML, so markup typed into the terms shows as text.
 */
export function TermsText({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseTermsMarkdown(source), [source])
  return (
    <div className={cn('space-y-3 text-sm leading-relaxed text-slate-700', className)}>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading': {
            const Heading = (['h3', 'h4', 'h5'] as const)[block.level - 1] ?? 'h5'
            return (
              <Heading
                key={i}
                className={cn(
                  'font-semibold text-slate-900',
                  block.level === 1 ? 'pt-1 text-lg' : block.level === 2 ? 'pt-2 text-base' : 'text-sm',
                )}
              >
                <Inlines content={block.content} />
              </Heading>
            )
          }
          case 'paragraph':
            return (
              <p key={i}>
                <Inlines content={block.content} />
              </p>
            )
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul'
            return (
              <List key={i} className={cn('space-y-1 pl-5', block.ordered ? 'list-decimal' : 'list-disc')}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Inlines content={item} />
                  </li>
                ))}
              </List>
            )
          }
        }
      })}
    </div>
  )
}
