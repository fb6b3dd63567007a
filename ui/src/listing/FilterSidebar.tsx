import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { TextBox } from '../shared/TextBox.tsx';
import { brand } from '../shared/theme.ts';
import { PRICE_SLIDER, RATING_FILTERS } from '../shared/constants.ts';
import { rupees } from '../shared/format.ts';
import { clampPriceRange, typedPrice, type PriceRange } from './filters.ts';

export const ALL_SUBCATEGORIES = '__all__';

export interface FilterSidebarProps {
  subcategories: { id: string; name: string }[];
  /** Selected subcategory id, or ALL_SUBCATEGORIES. */
  subCatId: string;
  allLabel: string;
  onSubCat: (id: string) => void;
  price: PriceRange;
  onPrice: (range: PriceRange) => void;
  rating: number | null;
  onRating: (rating: number | null) => void;
  /** Featured carousel and side banners (wide-screen sidebar only). */
  extras?: ReactNode;
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 3, p: 2, mb: 2 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1.25, textTransform: 'uppercase', fontSize: 13.5, letterSpacing: '0.06em', color: brand.indigo }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Typed text of a price box for a slider value (the initial range runs past the slider's end). */
const boxText = (value: number | undefined, end: 'min' | 'max') => String(end === 'min' ? Math.max(PRICE_SLIDER.min, value ?? PRICE_SLIDER.min) : Math.min(PRICE_SLIDER.max, value ?? PRICE_SLIDER.max));

/**
 * Minimum and maximum boxes beside the slider, for a range the thumbs make fiddly to hit: applied
 * on Enter or Go, once both are whole rupees in the slider's range, low to high. (Not when a box
 * is left: moving from the minimum to the maximum would apply half a range and reset the other.)
 */
function PriceBoxes({ range, onRange, onApply }: { range: number[]; onRange: (range: number[]) => void; onApply: (range: PriceRange) => void }) {
  const [low, high] = [boxText(range[0], 'min'), boxText(range[1], 'max')];
  const [text, setText] = useState({ min: low, max: high });
  const [error, setError] = useState<{ min?: string; max?: string }>({});
  // The boxes follow the slider (and the address); typing is kept until the range itself moves.
  useEffect(() => {
    setText({ min: low, max: high });
    setError({});
  }, [low, high]);
  const apply = () => {
    const min = typedPrice(text.min, 'min');
    const max = typedPrice(text.max, 'max');
    if ('error' in min || 'error' in max) {
      setError({ min: 'error' in min ? min.error : undefined, max: 'error' in max ? max.error : undefined });
      return;
    }
    if (min.value > max.value) {
      setError({ min: 'Above the maximum' });
      return;
    }
    setError({});
    const next = clampPriceRange([min.value, max.value]);
    onRange([...next]);
    onApply(next);
  };
  const box = (end: 'min' | 'max', label: string) => (
    <TextBox
      label={label}
      value={text[end]}
      onChange={(value) => setText((t) => ({ ...t, [end]: value.slice(0, 9) }))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      error={Boolean(error[end])}
      helperText={error[end] ?? ' '}
      input={{ inputMode: 'numeric', maxLength: 9, 'data-testid': `price-${end}-box`, 'aria-label': `${label} price in rupees` }}
      sx={{ flex: 1, '& .MuiFormHelperText-root': { mx: 0, fontSize: 11.5 } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'flex-start' }}>
      {box('min', 'Min')}
      {box('max', 'Max')}
      <Button variant="outlined" size="small" onClick={apply} data-testid="price-apply" sx={{ minWidth: 0, px: 1.5, height: 40 }}>
        Go
      </Button>
    </Box>
  );
}

/** Subcategory radio list, price slider (100–60000, step 5) with typed boxes, and rating filter (5 to 1 stars). */
export function FilterSidebar({ subcategories, subCatId, allLabel, onSubCat, price, onPrice, rating, onRating, extras }: FilterSidebarProps) {
  // The slider moves freely; the filter applies when the thumb is released.
  const [draft, setDraft] = useState<number[]>([...price]);
  useEffect(() => {
    setDraft([...price]);
  }, [price]);

  return (
    <Box data-testid="filter-sidebar">
      <Block title="Product categories">
        <RadioGroup value={subCatId} onChange={(e) => onSubCat(e.target.value)} aria-label="Subcategories" sx={{ maxHeight: 280, overflowY: 'auto', flexWrap: 'nowrap' }}>
          <FormControlLabel value={ALL_SUBCATEGORIES} control={<Radio size="small" />} label={allLabel} sx={{ '& .MuiFormControlLabel-label': { fontSize: 14 } }} />
          {subcategories.map((sub) => (
            <FormControlLabel key={sub.id} value={sub.id} control={<Radio size="small" />} label={sub.name} sx={{ '& .MuiFormControlLabel-label': { fontSize: 14 } }} />
          ))}
        </RadioGroup>
      </Block>
      <Block title="Filter by price">
        <Box sx={{ px: 1 }}>
          <Slider
            value={draft}
            min={PRICE_SLIDER.min}
            max={PRICE_SLIDER.max}
            step={PRICE_SLIDER.step}
            onChange={(_e, value) => setDraft(value as number[])}
            onChangeCommitted={(_e, value) => onPrice(clampPriceRange(value as number[]))}
            getAriaLabel={(index) => (index === 0 ? 'Minimum price' : 'Maximum price')}
            getAriaValueText={(v) => rupees(v)}
            disableSwap
            data-testid="price-slider"
          />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: 13, color: 'text.secondary' }}>
          <span>
            From: <strong data-testid="price-from">{rupees(Math.max(PRICE_SLIDER.min, draft[0] ?? PRICE_SLIDER.min))}</strong>
          </span>
          <span>
            To: <strong data-testid="price-to">{rupees(Math.min(PRICE_SLIDER.max, draft[1] ?? PRICE_SLIDER.max))}</strong>
          </span>
        </Box>
        <PriceBoxes range={draft} onRange={setDraft} onApply={onPrice} />
      </Block>
      <Block title="Filter by rating">
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Minimum rating">
          {RATING_FILTERS.map((stars) => (
            <li key={stars}>
              <Box
                component="button"
                type="button"
                onClick={() => onRating(rating === stars ? null : stars)}
                aria-pressed={rating === stars}
                aria-label={`${stars} stars${stars < 5 ? ' and up' : ''}`}
                data-testid={`rating-filter-${stars}`}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  width: '100%',
                  border: 0,
                  borderRadius: 2,
                  bgcolor: rating === stars ? brand.indigoLight : 'transparent',
                  cursor: 'pointer',
                  py: 0.5,
                  px: 1,
                  font: 'inherit',
                  color: 'inherit',
                  '&:hover': { bgcolor: brand.indigoLight },
                }}
              >
                <Rating value={stars} readOnly size="small" />
                <Box component="span" sx={{ fontSize: 13, color: 'text.secondary' }}>
                  {stars < 5 ? '& up' : ''}
                </Box>
              </Box>
            </li>
          ))}
        </Box>
        {rating !== null && (
          <Button size="small" onClick={() => onRating(null)} sx={{ mt: 1 }}>
            Clear rating filter
          </Button>
        )}
      </Block>
      {extras}
    </Box>
  );
}
