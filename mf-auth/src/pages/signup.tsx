import styled from '@emotion/styled';
import { Link, useNavigate } from 'react-router-dom';
import { signupSchema } from 'shared/schemas';
import { setCreatedUser } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, TextField, theme, useSchemaForm } from 'shared/ui';
import { register } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { SUCCESS, signupFailure } from '../messages';

const Grid = styled.div`
  display: grid; grid-template-columns: 1fr; column-gap: 1rem;
  ${theme.breakpoint.sm} { grid-template-columns: 1fr 1fr; }
  .full { grid-column: 1 / -1; }
`;

const EMPTY = {
  username: '',
  email: '',
  password: '',
  re_password: '',
  first_name: '',
  last_name: '',
  state: '',
  city: '',
  post_code: '',
  phone_number: '',
  address: '',
};

export function SignupPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(signupSchema, EMPTY, async (values) => {
    let answer;
    try {
      answer = await register(values);
    } catch (error) {
      showToast('ERROR', signupFailure(error));
      return;
    }
    // Kept until activation: the activation call needs the username (spec section 3, 'Created user').
    setCreatedUser(answer.data?.username ?? values.username);
    showToast('SUCCESS', SUCCESS.signedUp);
    await navigate('/auth/activate-account');
  });

  return (
    <AuthLayout title="Create an account" intro="Sign up to buy domains and hosting and manage them in your dashboard." busy={form.submitting} wide>
      <form onSubmit={form.onSubmit} noValidate>
        <Grid>
          <TextField label="Username" autoComplete="username" autoCapitalize="none" {...form.field('username')} />
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('re_password')} />
          <TextField label="First Name" autoComplete="given-name" {...form.field('first_name')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('last_name')} />
          <TextField label="State" autoComplete="address-level1" {...form.field('state')} />
          <TextField label="City" autoComplete="address-level2" {...form.field('city')} />
          <TextField label="Post Code" autoComplete="postal-code" autoCapitalize="characters" {...form.field('post_code')} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" {...form.field('phone_number')} />
          <div className="full">
            <TextField label="Address" autoComplete="street-address" {...form.field('address')} />
          </div>
        </Grid>
        <Button type="submit" disabled={form.submitting}>
          Sign Up
        </Button>
      </form>
      <p className="links">
        <span>
          Already have an account? <Link to="/auth/">Login</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
