// A file-local (static) transpose kernel, so a padded tile is possible, that
// clears its tile with memset(tile, 0, sizeof(tile)) and then fills only the
// even rows: the odd rows must read as zero after any layout change.
// launch: rt4_48_static_memset 2 32x8
static __global__ void rt4_48_static_memset(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    if (tx == 0 && ty == 0) memset(tile, 0, sizeof(tile));
    __syncthreads();
    for (int r = 2 * ty; r < 32; r += 16) tile[r][tx] = (float)(in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255);
    __syncthreads();
    for (int r = ty; r < 32; r += 8) out[blockIdx.x * 1024 + r * 32 + tx] = __float_as_int(tile[tx][r] + 1.0f);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_48_static_memset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
