// A 9-point stencil (radius 1 with corners) on a 16x16 block: the centre
// tile[ty + 1][tx + 1], the edges by edge threads, and the four corners by
// four extra-duty threads (tid < 4), then a transposed read of the halo
// tile for a second output (tile[tx + 1][ty + 1]).
// launch: rt4_45_stencil_corners 2 16x16
#define B 16
#define G(yy, xx) ((float)(in[(blockIdx.x * 324 + ((yy) + 1) * 18 + ((xx) + 1)) & 4095] & 255))
__global__ void rt4_45_stencil_corners(const int *in, int *out, int p) {
    __shared__ float tile[B + 2][B + 2];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * B + tx;
    tile[ty + 1][tx + 1] = G(ty, tx);
    if (tx == 0) tile[ty + 1][0] = G(ty, -1);
    if (tx == B - 1) tile[ty + 1][B + 1] = G(ty, B);
    if (ty == 0) tile[0][tx + 1] = G(-1, tx);
    if (ty == B - 1) tile[B + 1][tx + 1] = G(B, tx);
    if (tid < 4) {
        const int cy = (tid >> 1) * (B + 1), cx = (tid & 1) * (B + 1);
        tile[cy][cx] = G(cy - 1, cx - 1);
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx) acc += (dy == 0 && dx == 0 ? 8.0f : -1.0f) * tile[ty + 1 + dy][tx + 1 + dx];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
    out[1024 + blockIdx.x * 256 + tid] = __float_as_int(tile[tx + 1][ty + 1]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_45_stencil_corners<<<2, dim3(B, B)>>>(in, out, 0); }
#endif
