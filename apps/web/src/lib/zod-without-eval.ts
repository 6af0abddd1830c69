import { z } from 'zod';

// The Content-Security-Policy allows no eval; zod would otherwise probe for it with
// `new Function`, which the browser reports as a violation even though zod catches it.
z.config({ jitless: true });
