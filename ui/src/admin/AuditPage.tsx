import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import HistoryIcon from '@mui/icons-material/History';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../api/messages.ts';
import { rupees } from '../shared/format.ts';
import { BusyButton, LoadError, PageFrame, Panel, useErrorNotice } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';
import { Redirect } from '../shared/Redirect.tsx';
import { useDebounced } from '../shared/useDebounced.ts';
import { notifyError } from '../store/snackbarSlice.ts';
import { useAppDispatch } from '../store/store.ts';
import { useLazyLookupAuditEmailQuery, type AdminAuditLookup } from './adminApi.ts';
import { AdminFrame } from './adminParts.tsx';
import { useAdminSession } from './adminSession.ts';
import { useGetAuditQuery, type AuditKind } from './auditApi.ts';
import { AuditStateView } from './AuditStateView.tsx';
import { AuditTimeline } from './AuditTimeline.tsx';
import { KIND_LABELS, isAuditKind, isEmailLike, localTime, momentText, momentsOf, zoneLabel } from './auditFormat.ts';

/** How long the slider rests on a stop before its state is asked for (dragging skips the stops in between). */
const SETTLE_MS = 150;

function SectionTitle({ id, children, aside }: { id?: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, minHeight: 36 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.1rem', md: '1.2rem' } }}>
        {children}
      </Typography>
      {aside && <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>{aside}</Box>}
    </Box>
  );
}

/** One cart's or order's timeline, the time slider, and the state at the chosen moment. */
function AuditSession({ kind, id, generation }: { kind: AuditKind; id: string; generation: number }) {
  const now = useGetAuditQuery({ kind, id }, { refetchOnMountOrArgChange: true });
  useErrorNotice(now.error);
  const { refetch } = now;
  useEffect(() => {
    if (generation > 0) void refetch();
  }, [generation, refetch]);

  const timeline = useMemo(() => now.data?.timeline ?? [], [now.data]);
  const moments = useMemo(() => momentsOf(timeline), [timeline]);
  const last = Math.max(moments.length - 1, 0);
  const [chosen, setChosen] = useState<number | null>(null);
  const step = chosen === null ? last : Math.min(chosen, last);
  const settled = useDebounced(step, SETTLE_MS);
  const moment = moments[Math.min(settled, last)];
  const atMoment = useGetAuditQuery(moment ? { kind, id, at: moment.at } : skipToken);
  useErrorNotice(atMoment.error);

  const sliderLabel = useId();
  const stateTitle = useId();
  const label = KIND_LABELS[kind];

  if (now.isLoading) return <Skeleton variant="rounded" height={320} data-testid="audit-loading" />;
  if (!now.data) return <LoadError error={now.error} onRetry={() => void now.refetch()} />;

  const current = settled === step ? atMoment.currentData : undefined;
  const shown = current ?? atMoment.data;
  const busy = !current || atMoment.isFetching;
  // The server's word once the moment's reply is in; until then, what the slider position implies.
  const isAfter = (index: number) => current?.timeline[index]?.afterMoment ?? index >= step;
  const go = (next: number) => setChosen(Math.max(0, Math.min(last, next)));
  const describe = momentText(moments[step], timeline.length);

  return (
    <Box data-testid="audit-session" data-kind={kind} data-id={id}>
      <Panel component="section" aria-label="Moment" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid="audit-moment">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5 }}>
          <Typography id={sliderLabel} component="h2" sx={{ fontWeight: 800, fontSize: { xs: '1.05rem', md: '1.15rem' } }}>
            Moment
          </Typography>
          <Typography sx={{ color: brand.muted, fontSize: 14 }} data-testid="audit-moment-text">
            {describe}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, md: 1.5 }, mt: 1 }}>
          <IconButton aria-label="Previous event" onClick={() => go(step - 1)} disabled={step <= 0} size="small">
            <ChevronLeftIcon />
          </IconButton>
          <Slider
            value={step}
            min={0}
            max={last}
            step={1}
            shiftStep={5}
            marks={moments.map((m) => ({ value: m.step }))}
            onChange={(_event, value) => go(value)}
            aria-labelledby={sliderLabel}
            getAriaValueText={(value) => momentText(moments[value], timeline.length)}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => (value === 0 ? 'Before' : `#${value}`)}
            data-testid="audit-slider"
            sx={{ mx: 1, '& .MuiSlider-mark': { width: 6, height: 6, borderRadius: '50%' } }}
          />
          <IconButton aria-label="Next event" onClick={() => go(step + 1)} disabled={step >= last} size="small">
            <ChevronRightIcon />
          </IconButton>
        </Box>
        <Box aria-hidden="true" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, px: { xs: 5, md: 7 }, fontSize: 12.5, color: brand.muted, '& span:last-of-type': { textAlign: 'right' } }}>
          <span>Before the first event</span>
          <span>After the last event</span>
        </Box>
      </Panel>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: 3, alignItems: 'start' }}>
        <Panel component="section" aria-label="Timeline" sx={{ p: { xs: 2, md: 3 }, order: { xs: 2, md: 1 } }}>
          <SectionTitle
            aside={
              <Button size="small" startIcon={now.isFetching ? <CircularProgress size={16} aria-hidden="true" /> : <RefreshIcon />} onClick={() => void now.refetch()} disabled={now.isFetching}>
                Refresh
              </Button>
            }
          >
            Timeline{' '}
            <Box component="span" sx={{ color: brand.muted, fontWeight: 600, fontSize: '0.9em' }}>
              ({timeline.length === 1 ? '1 event' : `${timeline.length} events`})
            </Box>
          </SectionTitle>
          <AuditTimeline timeline={timeline} people={now.data.people} step={step} isAfter={isAfter} onPick={go} />
        </Panel>

        <Panel
          component="section"
          aria-label={`${label.name} at the chosen moment`}
          sx={{ p: { xs: 2, md: 3 }, order: { xs: 1, md: 2 } }}
          data-testid="audit-state"
          data-at={current?.at ?? ''}
          data-events-applied={current?.eventsApplied ?? ''}
        >
          <SectionTitle id={stateTitle} aside={busy ? <CircularProgress size={20} aria-label="Loading the state" /> : undefined}>
            {label.name} at this moment
          </SectionTitle>
          <Typography role="status" aria-live="polite" sx={{ color: brand.muted, fontSize: 14, mt: -1.5, mb: 2 }} data-testid="audit-state-status">
            {current ? (
              <>
                <span className="visually-hidden">{describe}. </span>
                {`${current.eventsApplied} of ${timeline.length} events applied${current.at ? `; state as of ${localTime(current.at)}` : ''}.`}
              </>
            ) : (
              'Loading the state at this moment…'
            )}
          </Typography>
          <Box aria-busy={busy} sx={{ opacity: busy ? 0.55 : 1, transition: 'opacity .15s' }}>
            {shown ? (
              <AuditStateView kind={kind} state={shown.state} />
            ) : atMoment.isError ? (
              <LoadError error={atMoment.error} onRetry={() => void atMoment.refetch()} />
            ) : (
              <Skeleton variant="rounded" height={160} />
            )}
          </Box>
        </Panel>
      </Box>
    </Box>
  );
}

/** The auditor's screen: pick a cart or an order, then travel through its events. */
function AuditView() {
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const kindParam = params.get('kind');
  const idParam = params.get('id')?.trim() ?? '';
  const loaded = isAuditKind(kindParam) && idParam ? { kind: kindParam, id: idParam } : null;
  const [kind, setKind] = useState<AuditKind>(isAuditKind(kindParam) ? kindParam : 'cart');
  const [id, setId] = useState(idParam);
  const [generation, setGeneration] = useState(0);
  const kindLabel = useId();
  const label = KIND_LABELS[kind];

  const [lookup, lookingUp] = useLazyLookupAuditEmailQuery();
  // A customer's orders found by e-mail, to pick one from.
  const [found, setFound] = useState<AdminAuditLookup | null>(null);

  const open = (nextKind: AuditKind, wanted: string) => {
    if (loaded && loaded.kind === nextKind && loaded.id === wanted) setGeneration((g) => g + 1);
    else setParams({ kind: nextKind, id: wanted });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = id.trim();
    setFound(null);
    if (!wanted) {
      dispatch(notifyError(`Please enter the ${label.idLabel.toLowerCase()}`));
      return;
    }
    if (!isEmailLike(wanted)) {
      open(kind, wanted);
      return;
    }
    // An e-mail: the server names the customer, whose cart opens at once; their orders are listed to pick from.
    try {
      const customer = await lookup(wanted.slice(0, 254)).unwrap();
      if (kind === 'cart') open('cart', customer.userId);
      else setFound(customer);
    } catch (error) {
      dispatch(notifyError(errorMessage(error)));
    }
  };

  return (
    <AdminFrame title="Audit" subtitle={`Replay a cart or an order to any moment: its events and the state they add up to. Times are in your time zone (${zoneLabel()}).`} testId="audit-page">
      <Panel sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Audit search" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1.5, md: 3 } }}>
          <FormControl>
            <FormLabel id={kindLabel} sx={{ fontSize: 13, fontWeight: 700, color: brand.muted, '&.Mui-focused': { color: brand.indigo } }}>
              What to audit
            </FormLabel>
            <RadioGroup row aria-labelledby={kindLabel} name="kind" value={kind} onChange={(e) => setKind(e.target.value as AuditKind)}>
              {(Object.keys(KIND_LABELS) as AuditKind[]).map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={KIND_LABELS[value].choice} />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={label.idLabel}
            name="id"
            value={id}
            onChange={(e) => setId(e.target.value)}
            required
            autoComplete="off"
            size="small"
            slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'audit-id' } }}
            sx={{ flex: '1 1 260px', '& input': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 } }}
          />
          <BusyButton type="submit" variant="contained" busy={lookingUp.isFetching} startIcon={<HistoryIcon />} sx={{ flex: { xs: '1 1 100%', sm: 'none' } }} data-testid="audit-load">
            Load timeline
          </BusyButton>
        </Box>
      </Panel>
      {found && (
        <Panel component="section" aria-label="Orders found" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid="audit-found">
          <Typography sx={{ fontWeight: 800, mb: 1 }}>{`Orders of ${found.name} (${found.email})`}</Typography>
          {found.orders.length === 0 ? (
            <Typography sx={{ color: brand.muted }}>This customer has placed no orders.</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {found.orders.map((order) => (
                <Box component="li" key={order.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1, borderTop: `1px solid ${brand.line}` }}>
                  <Box component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
                    {order.id}
                  </Box>
                  <Box component="span" sx={{ color: brand.muted, fontSize: 14 }}>{`${localTime(order.date)} · ${order.status} · ${rupees(order.amount)}`}</Box>
                  <Button
                    size="small"
                    sx={{ ml: 'auto' }}
                    onClick={() => {
                      setId(order.id);
                      setFound(null);
                      open('order', order.id);
                    }}
                    aria-label={`Audit order ${order.id}`}
                  >
                    Audit this order
                  </Button>
                </Box>
              ))}
            </Box>
          )}
        </Panel>
      )}
      {loaded ? (
        <AuditSession key={`${loaded.kind}:${loaded.id}`} kind={loaded.kind} id={loaded.id} generation={generation} />
      ) : (
        <Panel sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', color: brand.muted }} data-testid="audit-hint">
          <HistoryIcon sx={{ fontSize: 44, color: brand.indigo, mb: 1 }} />
          <Typography>Choose a cart (by the customer’s e-mail or user id) or an order (by its id, or the customer’s e-mail to pick one) and load its timeline.</Typography>
        </Panel>
      )}
    </AdminFrame>
  );
}

function AdminsOnly() {
  return (
    <PageFrame title="Audit" testId="audit-admins-only">
      <Panel sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <LockOutlinedIcon sx={{ fontSize: 44, color: brand.muted, mb: 1 }} />
        <Typography variant="h2" component="p" sx={{ fontSize: { xs: '1.2rem', md: '1.35rem' } }}>
          Admins only
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          This page is for the shop’s administrators.
        </Typography>
      </Panel>
    </PageFrame>
  );
}

/** /admin/audit: admins audit carts and orders; others see "Admins only", visitors go to /signIn. */
export default function AuditPage() {
  const { signedIn, isAdmin, checking } = useAdminSession();
  if (!signedIn) return <Redirect to="/signIn" />;
  if (checking) return null;
  return isAdmin ? <AuditView /> : <AdminsOnly />;
}
