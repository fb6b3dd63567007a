import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGetCategoriesQuery } from '../api/shopApi.ts';
import { brand } from '../shared/theme.ts';
import { FIRST_ORDER_DISCOUNT, FREE_DELIVERY_OVER } from '../shared/constants.ts';
import { useRunningSale } from '../shared/useSale.ts';
import { categoryPath } from '../shared/links.ts';
import { Logo } from '../shared/Logo.tsx';
import { Newsletter } from './Newsletter.tsx';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <LocalShippingOutlinedIcon />, title: 'Free delivery', text: `On orders over Rs ${FREE_DELIVERY_OVER}` },
  { icon: <CardGiftcardOutlinedIcon />, title: `Rs ${FIRST_ORDER_DISCOUNT} off`, text: 'On your first order' },
  // Third: the sale while one runs (see `useFeatures`).
  { icon: <LocalOfferOutlinedIcon />, title: 'Best prices', text: 'Fair prices, every day' },
  { icon: <VerifiedUserOutlinedIcon />, title: 'Secure payments', text: 'Cards protected end to end' },
];

/** The features, with the running sale third (or the coupons offer between sales). */
function useFeatures() {
  const sale = useRunningSale();
  const offer = sale
    ? { icon: <PercentOutlinedIcon />, title: sale.name, text: `Up to ${sale.upTo}% off` }
    : { icon: <PercentOutlinedIcon />, title: 'Coupons', text: 'Apply yours in the cart' };
  return [...FEATURES.slice(0, 2), offer, ...FEATURES.slice(2)];
}

function Column({ title, links }: { title: string; links: [string, string][] }) {
  return (
    <Box>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {links.map(([to, label]) => (
          <li key={to + label}>
            <Box component={Link} to={to} sx={{ color: 'text.secondary', textDecoration: 'none', fontSize: 14, '&:hover': { color: brand.indigo } }}>
              {label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Newsletter band, feature strip with the standing offers, link columns and the copyright line. */
export function Footer() {
  const { data: categories = [] } = useGetCategoriesQuery();
  const features = useFeatures();
  return (
    <Box component="footer" sx={{ mt: 6, bgcolor: '#fff' }}>
      <Newsletter />
      <Container maxWidth="xl">
        <Box
          data-testid="feature-strip"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }, gap: 2, py: 3, borderBottom: `1px solid ${brand.line}` }}
        >
          {features.map((f) => (
            <Box key={f.title} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Box sx={{ width: 44, height: 44, borderRadius: '50%', bgcolor: brand.saffronLight, color: brand.saffron, display: 'grid', placeItems: 'center', flexShrink: 0 }}>{f.icon}</Box>
              <Box>
                <Box sx={{ fontWeight: 700, fontSize: 14 }}>{f.title}</Box>
                <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{f.text}</Box>
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: '1.4fr repeat(3, 1fr)' }, gap: 4, py: 4 }}>
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Logo />
            <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 1.5, maxWidth: 320 }}>
              Thoughtful gifts, gadgets and gear for every occasion, delivered across India. Prices in rupees, inclusive of taxes.
            </Typography>
          </Box>
          <Column title="Shop" links={categories.slice(0, 6).map((c) => [categoryPath(c.id), c.name])} />
          <Column
            title="Your account"
            links={[
              ['/my-account', 'My Account'],
              ['/orders', 'Orders'],
              ['/my-list', 'My List'],
              ['/cart', 'Cart'],
            ]}
          />
          <Column
            title="Help"
            links={[
              ['/search?q=gift', 'Gift ideas'],
              ['/gift-cards', 'Gift cards'],
              ['/signIn', 'Sign in'],
              ['/signUp', 'Create an account'],
            ]}
          />
        </Box>
      </Container>
      <Box sx={{ borderTop: `1px solid ${brand.line}`, py: 2, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}>
        © {new Date().getFullYear()} Gift &amp; Gear. All prices in INR.
      </Box>
    </Box>
  );
}
