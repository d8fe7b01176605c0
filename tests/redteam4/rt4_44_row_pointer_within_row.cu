// A row pointer kept inside its row: const float *row = &tile[tx][0] (a
// thread's own row of a 32x32 tile) and a loop over row[k], k < 32: the
// lanes' rows are 32 floats apart. A legal control when the pointer is
// modelled as a row; a rewrite must move it with the row.
// launch: rt4_44_row_in_row 2 32x8
// expect: rewritten
__global__ void rt4_44_row_in_row(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < 32; r += 8) tile[r][tx] = (float)(in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255);
    __syncthreads();
    const float *row = &tile[tx][0];
    float acc = 0.0f;
    for (int k = ty; k < 32; k += 8) acc += row[k] * (float)(k + 1);
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_44_row_in_row<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
