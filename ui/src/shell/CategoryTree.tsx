import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Category } from '../api/types.ts';
import { categoryPath, subCategoryPath } from '../shared/links.ts';

/** Every category with its subcategories folded under it (sidebar and mobile navigation). */
export function CategoryTree({ categories, onNavigate }: { categories: Category[]; onNavigate: () => void }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <List dense disablePadding>
      {categories.map((cat) => {
        const open = openId === cat.id;
        return (
          <Box component="li" key={cat.id} sx={{ listStyle: 'none' }}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <ListItemButton component={Link} to={categoryPath(cat.id)} onClick={onNavigate} sx={{ borderRadius: 2, py: 1 }}>
                <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: cat.color || 'primary.main', mr: 1.5, flexShrink: 0 }} />
                <Box component="span" sx={{ fontWeight: 600, fontSize: 14.5 }}>
                  {cat.name}
                </Box>
              </ListItemButton>
              {cat.children.length > 0 && (
                <IconButton size="small" aria-label={`${open ? 'Hide' : 'Show'} ${cat.name} subcategories`} aria-expanded={open} onClick={() => setOpenId(open ? null : cat.id)}>
                  {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                </IconButton>
              )}
            </Box>
            <Collapse in={open} unmountOnExit>
              <List dense disablePadding sx={{ pl: 4 }}>
                {cat.children.map((sub) => (
                  <ListItemButton key={sub.id} component={Link} to={subCategoryPath(sub.id)} onClick={onNavigate} sx={{ borderRadius: 2, fontSize: 14, color: 'text.secondary' }}>
                    {sub.name}
                  </ListItemButton>
                ))}
              </List>
            </Collapse>
          </Box>
        );
      })}
    </List>
  );
}
