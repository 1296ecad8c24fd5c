// The name and e-mail fields of a form anyone may send (/contact, /get-quotes), filled in with the
// signed-in account's once it is known, unless the visitor has typed something already.
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../api/use-current-user';

export function useSignedInSender() {
  const { user } = useCurrentUser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (!user) return;
    setName((current) => current || user.name);
    setEmail((current) => current || user.email);
  }, [user]);
  return { name, setName, email, setEmail };
}
