import type { Config } from '../../config/env.ts';
import { CmSmsSender } from './cm.ts';
import { SimulatorSmsSender } from './simulator.ts';
import type { SmsSender } from './sms-sender.ts';

/** SMS_PROVIDER=cm: CM.com with its product token; otherwise the simulator (the outbox is the inbox). */
export function createSmsSender(config: Config['sms']): SmsSender {
  if (config.provider === 'cm') {
    if (!config.cmProductToken) throw new Error('SMS_PROVIDER=cm needs SMS_CM_PRODUCT_TOKEN');
    return new CmSmsSender({ productToken: config.cmProductToken, url: config.cmUrl });
  }
  return new SimulatorSmsSender();
}
