import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '../shared/theme.ts';
import { Logo } from '../shared/Logo.tsx';

/**
 * The frame of the screens without header and footer (sign in, sign up, code, new password):
 * the logo, a card with the title and the form, on the shop's soft background.
 */
export function AuthLayout({ title, subtitle, children, testId, wide = false }: { title: string; subtitle?: ReactNode; children: ReactNode; testId: string; wide?: boolean }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 4, md: 7 },
        background: `radial-gradient(1200px 500px at 10% -10%, ${brand.indigoLight} 0%, transparent 60%), radial-gradient(900px 500px at 110% 110%, ${brand.saffronLight} 0%, transparent 55%), ${brand.page}`,
      }}
    >
      <Box sx={{ mb: 3 }}>
        <Logo />
      </Box>
      <Box
        component="section"
        aria-labelledby="auth-title"
        sx={{
          width: '100%',
          maxWidth: wide ? 560 : 460,
          bgcolor: '#fff',
          border: `1px solid ${brand.line}`,
          borderRadius: 4,
          boxShadow: '0 24px 60px rgba(20,42,102,.10)',
          p: { xs: 3, sm: 5 },
        }}
      >
        <Typography variant="h1" id="auth-title" sx={{ fontSize: { xs: '1.6rem', sm: '1.8rem' }, textAlign: 'center' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 1, textAlign: 'center', fontSize: 14.5, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Box>
      <Typography sx={{ mt: 3, fontSize: 12.5, color: 'text.secondary', textAlign: 'center' }}>
        Gift &amp; Gear · gifts and gear delivered across India
      </Typography>
    </Box>
  );
}
