import ExpiredScreen from '../features/status/ExpiredScreen';
import TariffsPanel from '../features/tariffs/TariffsPanel';

/**
 * /Error_is_expired: the spec's warning, and under it the tariffs, so an expired account can request an invoice
 * from the one screen the guard leaves it (features do not import each other; they are composed here).
 */
export default function ExpiredWithTariffs() {
  return (
    <>
      <ExpiredScreen />
      <div className="expired-tariffs">
        <TariffsPanel />
      </div>
    </>
  );
}
