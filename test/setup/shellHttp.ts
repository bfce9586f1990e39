import { connectHttpClients } from '../../shell/app/httpClients';

// The shell's bootstrap wires src/api to its stores; component and store tests start without it, so wire here.
connectHttpClients();
