import { BRAND } from '@harbor/domain';

const columns = [
  { title: 'About', links: ['Our story', 'Careers', 'Press', 'Sustainability'] },
  { title: 'Customer Service', links: ['Contact us', 'Shipping & delivery', 'Returns', 'Net-30 terms'] },
  { title: 'Quick Links', links: ['New products', 'Bulk pricing', 'Catalog PDF', 'Help centre'] },
  { title: 'Social', links: ['LinkedIn', 'Instagram', 'Facebook', 'YouTube'] },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-columns">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link}>
                  {/* Placeholder links until the content pages exist. */}
                  <a href="#" onClick={(event) => event.preventDefault()}>
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {/* The year can differ between a page cached on the server and the visitor's clock (New Year): React takes the browser's. */}
      <p className="container copyright" suppressHydrationWarning>
        © {new Date().getFullYear()} {BRAND.fullName}. All rights reserved.
      </p>
    </footer>
  );
}
