import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { brand } from '../shared/theme.ts';
import { Logo } from '../shared/Logo.tsx';

/** Stand-in for the screens of part 2 (cart, accounts, orders…): the route exists, the screen follows. */
export function Placeholder({ title, bare = false }: { title: string; bare?: boolean }) {
  return (
    <Container maxWidth="sm" sx={{ py: bare ? 10 : 8 }} data-testid="placeholder-page">
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', borderRadius: 4 }}>
        {bare && (
          <Box sx={{ mb: 3 }}>
            <Logo />
          </Box>
        )}
        <ConstructionOutlinedIcon sx={{ fontSize: 48, color: brand.saffron }} />
        <Typography variant="h1" sx={{ mt: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          This screen is on its way.
        </Typography>
        <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }}>
          Continue Shopping
        </Button>
      </Paper>
    </Container>
  );
}
