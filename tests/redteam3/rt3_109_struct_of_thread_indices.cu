// The thread's coordinates copied into a small struct (as a Coord helper
// would), and the column taken from it plus 32.
// launch: rt3_109_struct_of_thread_indices 2 32x8
struct Coord {
    int x, y;
};
static __global__ void rt3_109_struct_of_thread_indices(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const Coord c{(int)threadIdx.x, (int)threadIdx.y};
    const int tid = c.y * 32 + c.x;
    tile[c.y][c.x] = in[blockIdx.x * 512 + tid] & 4095;
    tile[c.y + 8][c.x] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[c.x % 16][c.y] + 3 * tile[c.y][c.x + 32];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_109_struct_of_thread_indices<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
