import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { brand } from '../shared/theme.ts';
import type { AuditEntry, AuditReport } from '../api/types.ts';
import { fieldLabel, fieldValue, humanType, localTime, personLabel } from './auditFormat.ts';

const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

function MomentMarker({ label }: { label: string }) {
  return (
    <Box data-testid="audit-moment-marker" aria-hidden="true" sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1, color: brand.saffron, fontSize: 12.5, fontWeight: 800, textTransform: 'uppercase', letterSpacing: '.05em' }}>
      <Box sx={{ flex: 'none', width: 10, height: 10, borderRadius: '50%', bgcolor: brand.saffron, ml: '5px' }} />
      {label}
      <Box sx={{ flex: 1, borderTop: `2px dashed ${brand.saffron}` }} />
    </Box>
  );
}

/**
 * The stream's events, oldest first, as a vertical timeline: time, type, acting user and key
 * fields. Events after the chosen moment are greyed out; each event has a button that moves the
 * moment to just after it.
 */
export function AuditTimeline({
  timeline,
  people = {},
  step,
  isAfter,
  onPick,
}: {
  timeline: AuditEntry[];
  people?: AuditReport['people'];
  step: number;
  isAfter: (index: number) => boolean;
  onPick: (step: number) => void;
}) {
  return (
    <Box>
      {step === 0 && <MomentMarker label="Chosen moment: before the first event" />}
      <Box component="ol" aria-label="Events, oldest first" data-testid="audit-timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {timeline.map((entry, index) => {
          const after = isAfter(index);
          const fields = Object.entries(entry.fields);
          const last = index === timeline.length - 1;
          const current = step === index + 1;
          return (
            <Box
              component="li"
              key={`${entry.revision}-${entry.position}`}
              data-testid="audit-event"
              data-type={entry.type}
              data-after-moment={after}
              sx={{ position: 'relative', pl: 4, pb: last ? 0 : 1.5 }}
            >
              {/* The rail and the dot of the timeline. */}
              {!last && <Box aria-hidden="true" sx={{ position: 'absolute', left: 9, top: 22, bottom: 0, width: 2, bgcolor: after ? brand.line : brand.indigoLight }} />}
              <Box aria-hidden="true" sx={{ position: 'absolute', left: 3, top: 10, width: 14, height: 14, borderRadius: '50%', border: `3px solid ${after ? '#c5cad6' : brand.indigo}`, bgcolor: '#fff' }} />
              {/* A click anywhere on the card picks it; the button is the keyboard's (and screen reader's) way. */}
              <Box
                onClick={() => onPick(index + 1)}
                sx={{
                  borderRadius: 3,
                  px: 1.5,
                  py: 1,
                  cursor: 'pointer',
                  opacity: after ? 0.5 : 1,
                  bgcolor: current ? brand.indigoLight : 'transparent',
                  transition: 'opacity .15s, background-color .15s',
                  '&:hover': { bgcolor: current ? brand.indigoLight : '#f8f9fd' },
                }}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.25 }}>
                  <Typography component="span" sx={{ fontWeight: 800, color: after ? brand.muted : brand.ink, fontSize: 15 }} data-testid="audit-event-type">
                    {humanType(entry.type)}
                  </Typography>
                  <Box component="time" dateTime={entry.time} sx={{ fontSize: 13, color: brand.muted, fontVariantNumeric: 'tabular-nums' }}>
                    {localTime(entry.time)}
                  </Box>
                  {after && (
                    <Box component="span" sx={{ fontSize: 11.5, fontWeight: 800, textTransform: 'uppercase', letterSpacing: '.05em', color: brand.muted }}>
                      <span aria-hidden="true">later</span>
                      <span className="visually-hidden">(after the chosen moment)</span>
                    </Box>
                  )}
                  <Button
                    size="small"
                    variant={current ? 'contained' : 'text'}
                    onClick={(e) => {
                      e.stopPropagation();
                      onPick(index + 1);
                    }}
                    aria-pressed={current}
                    aria-label={`Show the state after event ${index + 1}, ${humanType(entry.type)}`}
                    sx={{ ml: 'auto', py: 0.1, px: 1.25, minWidth: 0, fontSize: 12.5 }}
                  >
                    {current ? 'Showing' : 'Show after'}
                  </Button>
                </Box>
                <Typography component="div" sx={{ fontSize: 13, color: brand.muted, mt: 0.25, overflowWrap: 'anywhere' }}>
                  #{index + 1} (revision {entry.revision}) · by{' '}
                  <ActorName actor={entry.actor} person={entry.actor ? people[entry.actor] : undefined} />
                </Typography>
                {fields.length > 0 && (
                  <Box component="dl" aria-label="Key fields" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, mt: 0.75 }}>
                    {fields.map(([key, value]) => (
                      <Box key={key} sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'baseline', bgcolor: '#f3f5fa', border: `1px solid ${brand.line}`, borderRadius: 999, px: 1.25, py: 0.25, fontSize: 12.5, maxWidth: '100%' }}>
                        <Box component="dt" sx={{ color: brand.muted }}>
                          {fieldLabel(key)}
                        </Box>
                        <Box component="dd" sx={{ m: 0, fontWeight: 700, color: brand.ink, overflowWrap: 'anywhere', fontFamily: /(id|Id|Ids)$/.test(key) ? mono : undefined }}>
                          {fieldValue(key, value)}
                        </Box>
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
              {current && <MomentMarker label={last ? 'Chosen moment: after the last event' : 'Chosen moment'} />}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** Who acted: the account's name and e-mail (its id on hover), an id with no account as it is, or the system. */
function ActorName({ actor, person }: { actor: string | null; person: { name: string; email: string } | undefined }) {
  if (person) {
    return (
      <Box component="span" title={actor ?? undefined} data-testid="audit-event-actor">
        {personLabel(person)}
      </Box>
    );
  }
  return (
    <Box component="span" sx={{ fontFamily: actor ? mono : undefined, fontSize: actor ? 12.5 : 13 }} data-testid="audit-event-actor">
      {actor ?? 'the system'}
    </Box>
  );
}
