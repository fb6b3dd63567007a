import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError, Panel } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { mono } from './adminParts.tsx';
import type { LogSealingStatus } from '@shop/contracts';
import { useGetReadModelsQuery, type ReadModelRow } from './readModelsApi.ts';

/** While any read model is rebuilt the panel looks again this often; once all are current, never. */
const POLL_WHILE_REBUILDING_MS = 2000;

const PHASES: Record<NonNullable<ReadModelRow['progress']>['phase'], string> = {
  replaying: 'replaying the log',
  indexing: 'building indexes',
  holding: 'catching up before the swap',
  swapping: 'swapping in',
  comparing: 'comparing',
  done: 'done',
  failed: 'failed',
};

const count = new Intl.NumberFormat('en-IN');

function secondsLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return `, about ${Math.max(1, Math.round(seconds))} s left`;
  return `, about ${Math.round(seconds / 60)} min left`;
}

function ReadModelState({ model }: { model: ReadModelRow }) {
  if (model.state === 'current') return <Box component="span" sx={{ color: brand.green, fontWeight: 700 }}>Current</Box>;
  if (model.state === 'failed') {
    return (
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ color: brand.red, fontWeight: 700 }}>Failed</Box>
        {model.error && <Box sx={{ color: brand.red, fontSize: 13.5, overflowWrap: 'anywhere' }}>{model.error}</Box>}
        {model.reason && <Box sx={{ color: brand.muted, fontSize: 13.5, overflowWrap: 'anywhere' }}>{`Rebuilt because ${model.reason}; tried again.`}</Box>}
      </Box>
    );
  }
  if (model.state === 'waiting') {
    return (
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ fontWeight: 700 }}>Waiting for another process</Box>
        <Box sx={{ color: brand.muted, fontSize: 13.5, overflowWrap: 'anywhere' }}>
          {model.reason ? `or another rebuild here; to rebuild because ${model.reason}` : 'or another rebuild here'}
        </Box>
      </Box>
    );
  }
  const progress = model.progress;
  const percent = progress ? Math.round(Math.min(1, Math.max(0, progress.fraction)) * 100) : null;
  return (
    <Box sx={{ minWidth: 0, width: { xs: '60%', md: 'auto' } }}>
      <Box sx={{ fontWeight: 700, color: brand.saffronStrong }}>Rebuilding</Box>
      {model.reason && <Box sx={{ color: brand.muted, fontSize: 13.5, overflowWrap: 'anywhere' }}>{`because ${model.reason}`}</Box>}
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={`${model.name} rebuilt so far`}
        sx={{ my: 0.75, height: 8, borderRadius: 4 }}
      />
      {progress && (
        <Box sx={{ fontSize: 13.5 }} data-testid="read-model-progress">
          {`${percent}% · ${PHASES[progress.phase]} · ${count.format(progress.events)} events${secondsLeft(progress.etaSeconds)}`}
        </Box>
      )}
    </Box>
  );
}

/** What the operator must know while the log's personal data is not sealed yet: erasures are refused. */
function LogSealingLine({ status }: { status: LogSealingStatus }) {
  if (status.state === 'sealed') return null;
  const what =
    status.state === 'sealing'
      ? `being sealed, position ${count.format(status.position)} of ${count.format(status.head)}`
      : status.state === 'failed'
        ? `sealing failed (${status.error}); tried again at the next start`
        : 'waiting to be sealed';
  return (
    <Typography role="status" data-testid="log-sealing" sx={{ flexBasis: '100%', mt: 1, color: status.state === 'failed' ? brand.red : brand.saffronStrong, fontWeight: 600 }}>
      {`Personal data in the event log (written before sealing): ${what}. Erasure requests are refused until it is done.`}
    </Typography>
  );
}

/**
 * The dashboard's view of the read models the shop serves from: a table while any is rebuilt
 * (after an upgrade that changed a projection, say), looked at every 2 s until all are current,
 * then one line. Lists may show older data meanwhile; this says why and for how long.
 */
export function ReadModelsPanel() {
  const readModels = useGetReadModelsQuery(undefined, { refetchOnMountOrArgChange: true });
  const models = readModels.data?.projections;
  const allCurrent = models?.every((model) => model.state === 'current') ?? false;
  const sealing = readModels.data?.logSealing;
  const settled = allCurrent && (!sealing || sealing.state === 'sealed');
  // RTK Query re-reads the option on each render, so polling stops on the render that sees all current (and the log sealed).
  useGetReadModelsQuery(undefined, { pollingInterval: models && !settled ? POLL_WHILE_REBUILDING_MS : 0, skip: !models });

  return (
    <Panel
      component="section"
      aria-label="Read models"
      // All current is one line; a rebuild gets the room of a table.
      sx={allCurrent ? { px: { xs: 2, md: 3 }, py: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2 } : { p: { xs: 2, md: 3 } }}
      data-testid="dash-read-models"
    >
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: allCurrent ? 0 : 1.5 }}>
        Read models
      </Typography>
      {readModels.isLoading ? (
        <Skeleton variant="rounded" height={40} />
      ) : !models ? (
        <LoadError error={readModels.error} onRetry={() => void readModels.refetch()} />
      ) : allCurrent ? (
        <Typography sx={{ color: brand.green, fontWeight: 600 }} role="status">
          All read models are current
        </Typography>
      ) : (
        <Box sx={{ overflowX: { md: 'auto' } }}>
          <Box component="table" sx={{ ...stackedTableSx, '& td.mono': { fontFamily: mono, fontSize: 12.5 } }} aria-label="Read models">
            <thead>
              <tr>
                <th>Read model</th>
                <th>Version</th>
                <th>State</th>
                <th>Position</th>
              </tr>
            </thead>
            <tbody>
              {models.map((model) => (
                <tr key={model.name} data-testid="read-model-row" data-state={model.state}>
                  <td data-cell="main" style={{ fontWeight: 700 }}>
                    {model.name}
                  </td>
                  <td data-label="Version">{model.version}</td>
                  <td data-label="State">
                    <ReadModelState model={model} />
                  </td>
                  <td data-label="Position" className="mono">
                    {model.position}
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
      {sealing && <LogSealingLine status={sealing} />}
    </Panel>
  );
}
