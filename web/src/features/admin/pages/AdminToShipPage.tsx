import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Order } from '@harbor/domain';
import { PdfButton } from '../../../components/PdfButton';
import { formatDay } from '../../../lib/dates';
import { readPagePosition } from '../../../lib/pagination';
import { downloadPdf } from '../../../lib/pdfDownload';
import { OLDEST_ORDERS_FIRST } from '../../../lib/sorts';
import { useGetToShipOrdersQuery } from '../api';
import { AdminFrame } from '../components/AdminFrame';
import { AdminListBody } from '../components/AdminListBody';
import { ListToolbar } from '../components/ListToolbar';
import { adminOrderHref } from '../components/OrdersTable';
import { Pager } from '../components/Pager';
import { useListParams } from '../useListParams';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** One order of the queue: what is ready to pick, and whether more of it waits. */
function ToShipRow({ order, selected, onSelect }: { order: Order; selected: boolean; onSelect: (selected: boolean) => void }) {
  const ready = order.items.filter((item) => item.allocated > 0);
  const waiting = order.items.reduce((sum, item) => sum + item.backordered, 0);
  return (
    <tr>
      <td className="to-ship-select">
        <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.target.checked)} aria-label={`Select order ${order.id}`} />
      </td>
      <td className="to-ship-order">
        <Link to={adminOrderHref(order.id)} className="mono" aria-label={`Order ${order.id}`}>
          {order.id}
        </Link>
      </td>
      <td className="to-ship-date">{formatDay(order.createdAt)}</td>
      <td className="to-ship-company">
        <span className="truncate">{order.company || order.userEmail}</span>
      </td>
      <td className="to-ship-lines">
        <ul className="to-ship-list">
          {ready.map((item) => (
            <li key={item.productId}>
              <span className="mono">
                {item.allocated} × {item.sku}
              </span>{' '}
              <span className="muted small">{item.name}</span>
            </li>
          ))}
        </ul>
      </td>
      <td className="to-ship-notes">
        <div className="to-ship-marks">
          {order.shipComplete && <span className="status-badge status-processing">Ships complete</span>}
          {waiting > 0 && <span className="status-badge status-pending">{plural(waiting, 'unit')} on backorder</span>}
        </div>
      </td>
    </tr>
  );
}

/**
 * The warehouse's queue: orders with units ready to ship, oldest first, all or those with units
 * of one product; the pick list of the selected orders (or of the page's) as a PDF.
 */
export default function AdminToShipPage() {
  const { params, setFilter, goToPage } = useListParams();
  const sku = params.get('sku') ?? '';
  const position = readPagePosition(params, OLDEST_ORDERS_FIRST.kind);
  const result = useGetToShipOrdersQuery({ sku, position });
  const { data, isFetching } = result;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rows = data?.rows ?? [];
  // Only the orders shown count: a selection made on another page is left behind with it.
  const chosen = rows.filter((order) => selected.has(order.id));
  const picked = chosen.length ? chosen : rows;
  const select = (orderId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const allSelected = rows.length > 0 && chosen.length === rows.length;

  return (
    <AdminFrame
      title="To ship"
      actions={
        rows.length > 0 && (
          <PdfButton
            label={`Pick list (PDF)${chosen.length ? `: ${plural(chosen.length, 'order')}` : ''}`}
            accessibleName={chosen.length ? `Pick list of the ${plural(chosen.length, 'selected order')} (PDF)` : `Pick list of the ${plural(rows.length, 'order')} on this page (PDF)`}
            download={() => downloadPdf('getPickList', { orderIds: picked.map((order) => order.id) })}
          />
        )
      }
    >
      <ListToolbar
        formLabel="Filter by product"
        inputLabel="Product SKU"
        placeholder="SKU, e.g. BEV-1001"
        search={sku}
        onSearch={(text) => setFilter('sku', text.toUpperCase())}
        searchNote={data?.product ? `Orders with ${data.product.name} (${data.product.sku}) ready to ship.` : `No product has the SKU “${sku}”.`}
      />

      <AdminListBody
        query={result}
        noun="orders to ship"
        empty={(page) => <p>{sku ? (page.product ? `No order has ${page.product.sku} ready to ship.` : 'Check the SKU, or clear the filter to see every order to ship.') : 'Nothing is ready to ship: every order is shipped or waits for stock.'}</p>}
      >
        {(page) => (
          <div className={`card table-card ${isFetching ? 'is-fetching' : ''}`} aria-busy={isFetching}>
            <p className="muted small table-note">
              Oldest first. {chosen.length ? `${plural(chosen.length, 'order')} selected for the pick list.` : 'Select orders for the pick list, or print it for the whole page.'}
            </p>
            <div className="table-scroll">
              <table className="admin-table to-ship-table">
                <thead>
                  <tr>
                    <th scope="col" className="to-ship-select">
                      <label className="to-ship-all">
                        <input type="checkbox" checked={allSelected} onChange={(event) => setSelected(event.target.checked ? new Set(page.rows.map((order) => order.id)) : new Set())} />
                        <span className="visually-hidden">Select every order on this page</span>
                        <span className="to-ship-all-text" aria-hidden="true">
                          All
                        </span>
                      </label>
                    </th>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Company</th>
                    <th scope="col">Ready to ship</th>
                    <th scope="col">Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((order) => (
                    <ToShipRow key={order.id} order={order} selected={selected.has(order.id)} onSelect={(on) => select(order.id, on)} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager position={position} page={page} busy={isFetching} onGo={goToPage} />
          </div>
        )}
      </AdminListBody>
    </AdminFrame>
  );
}
