import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { failedBody, replyMessage, useSubscribeNewsletterMutation } from '../api/shopApi.ts';
import { brand } from '../shared/theme.ts';
import { FIRST_ORDER_DISCOUNT } from '../shared/constants.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';

/** As the server checks it (command-api/src/account/requests.ts): linear, dot-separated labels. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Footer newsletter band: the first-order offer and an e-mail form posting to /api/newsletter. */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const [subscribe, { isLoading }] = useSubscribeNewsletterMutation();
  const dispatch = useAppDispatch();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      dispatch(notifyError('Please enter a valid email address'));
      return;
    }
    try {
      const reply = await subscribe({ email: value }).unwrap();
      if (failedBody(reply)) {
        dispatch(notifyError(replyMessage(reply, 'Could not subscribe, please try again')));
        return;
      }
      dispatch(notifySuccess(replyMessage(reply, 'Thank you for subscribing!')));
      setEmail('');
    } catch (error) {
      dispatch(notifyError(replyMessage(error, 'Could not subscribe, please try again')));
    }
  };

  return (
    <Box sx={{ background: `linear-gradient(100deg, ${brand.indigo}, #3d5cb8)`, color: '#fff', position: 'relative', overflow: 'hidden' }}>
      <Box aria-hidden sx={{ position: 'absolute', right: -60, top: -80, width: 280, height: 280, borderRadius: '50%', bgcolor: 'rgba(255,122,26,.22)' }} />
      <Container maxWidth="xl" sx={{ py: { xs: 4, md: 5 }, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'center' }, gap: 3, position: 'relative' }}>
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ color: '#ffc48f', fontWeight: 600 }}>Rs {FIRST_ORDER_DISCOUNT} off your first order</Typography>
          <Typography variant="h2" component="p" sx={{ mt: 0.5 }}>
            Join our newsletter
          </Typography>
          <Typography sx={{ opacity: 0.85, mt: 0.5 }}>New arrivals, gift ideas and sale alerts — straight to your inbox.</Typography>
        </Box>
        <Box component="form" noValidate onSubmit={submit} aria-label="Newsletter" sx={{ display: 'flex', alignItems: 'center', bgcolor: '#fff', borderRadius: 999, p: 0.5, pl: 2, width: { xs: '100%', md: 460 } }}>
          <MailOutlinedIcon sx={{ color: brand.muted, mr: 1 }} />
          <Box
            component="input"
            value={email}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setEmail(e.target.value)}
            placeholder="Your email address"
            type="email"
            name="email"
            aria-label="Your email address"
            sx={{ flex: 1, minWidth: 0, border: 0, outline: 0, font: 'inherit', fontSize: 15, color: 'text.primary', bgcolor: 'transparent', height: 40 }}
          />
          <Button type="submit" variant="contained" color="secondary" disabled={isLoading} sx={{ height: 42, px: 3 }}>
            {isLoading ? 'Subscribing…' : 'Subscribe'}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
