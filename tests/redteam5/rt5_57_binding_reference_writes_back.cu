// A structured binding by reference (auto &[r, c] = rc) is another name for
// the int2's fields: c += 24 moves rc.y, and tile[rc.x][rc.y] reads up to 23
// columns past the row.
// launch: rt5_57_bind_ref 2 32x8
__global__ void rt5_57_bind_ref(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[(blockIdx.x * 512 + tid) & 4095] & 1023;
    tile[ty + 8][tx] = in[(blockIdx.x * 512 + 256 + tid) & 4095] & 1023;
    __syncthreads();
    int2 rc = make_int2(ty, tx);
    auto &[r, c] = rc;
    c += 24 * (tx & 1);
    out[blockIdx.x * 256 + tid] = tile[rc.x][rc.y] * 3 + tile[tx % 16][ty] + r;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_57_bind_ref<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
