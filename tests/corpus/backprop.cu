// rapcc-corpus: shared-arrays=2
// Back-propagation layer forward pass and weight adjustment (Rodinia
// backprop style): a 16x16 block multiplies a slice of the input vector by a
// tile of the weight matrix, then reduces the products down the columns in
// shared memory with a power-of-two loop.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <sys/time.h>
#include <cuda.h>

#define BLOCK_SIZE 16
#define HEIGHT 16
#define WIDTH 16
#define ETA 0.3
#define MOMENTUM 0.3
#define ABS(x) (((x) > 0.0) ? (x) : (-(x)))

typedef struct {
    int input_n;
    int hidden_n;
    int output_n;
    float *input_units;
    float *hidden_units;
    float *output_units;
    float *hidden_delta;
    float *output_delta;
    float *target;
    float **input_weights;
    float **hidden_weights;
    float **input_prev_weights;
    float **hidden_prev_weights;
} BPNN;

__global__ void bpnn_layerforward_CUDA(float *input_cuda, float *output_hidden_cuda, float *input_hidden_cuda,
                                       float *hidden_partial_sum, int in, int hid)
{
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_in = HEIGHT * by + ty + 1;

    __shared__ float input_node[HEIGHT];
    __shared__ float weight_matrix[HEIGHT][WIDTH];

    if (tx == 0) input_node[ty] = input_cuda[index_in];

    __syncthreads();

    weight_matrix[ty][tx] = input_hidden_cuda[index];

    __syncthreads();

    weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];

    __syncthreads();

    for (int i = 1; i <= __log2f(HEIGHT); i++) {
        int power_two = __powf(2, i);
        if (ty % power_two == 0) weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
        __syncthreads();
    }

    input_hidden_cuda[index] = weight_matrix[ty][tx];

    __syncthreads();

    if (tx == 0) hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
}

__global__ void bpnn_adjust_weights_cuda(float *delta, int hid, float *ly, int in, float *w, float *oldw)
{
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_y = HEIGHT * by + ty + 1;
    int index_x = tx + 1;

    w[index] += ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
    oldw[index] = ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));

    __syncthreads();

    if (ty == 0 && by == 0) {
        w[index_x] += ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
        oldw[index_x] = ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
    }
}

static float squash(float x) { return (1.0 / (1.0 + exp(-x))); }

static float *alloc_1d_dbl(int n) { return (float *)malloc((unsigned)(n * sizeof(float))); }

static float **alloc_2d_dbl(int m, int n)
{
    float **new_t = (float **)malloc((unsigned)(m * sizeof(float *)));
    for (int i = 0; i < m; i++) new_t[i] = alloc_1d_dbl(n);
    return new_t;
}

static BPNN *bpnn_create(int n_in, int n_hidden, int n_out)
{
    BPNN *newnet = (BPNN *)malloc(sizeof(BPNN));
    newnet->input_n = n_in;
    newnet->hidden_n = n_hidden;
    newnet->output_n = n_out;
    newnet->input_units = alloc_1d_dbl(n_in + 1);
    newnet->hidden_units = alloc_1d_dbl(n_hidden + 1);
    newnet->output_units = alloc_1d_dbl(n_out + 1);
    newnet->hidden_delta = alloc_1d_dbl(n_hidden + 1);
    newnet->output_delta = alloc_1d_dbl(n_out + 1);
    newnet->target = alloc_1d_dbl(n_out + 1);
    newnet->input_weights = alloc_2d_dbl(n_in + 1, n_hidden + 1);
    newnet->hidden_weights = alloc_2d_dbl(n_hidden + 1, n_out + 1);
    newnet->input_prev_weights = alloc_2d_dbl(n_in + 1, n_hidden + 1);
    newnet->hidden_prev_weights = alloc_2d_dbl(n_hidden + 1, n_out + 1);
    return newnet;
}

void bpnn_train_cuda(BPNN *net, float *eo, float *eh)
{
    int in = net->input_n, hid = net->hidden_n;
    int num_blocks = in / 16;
    dim3 grid(1, num_blocks);
    dim3 threads(16, 16);

    float *input_weights_one_dim = (float *)malloc((in + 1) * (hid + 1) * sizeof(float));
    float *partial_sum = (float *)malloc(num_blocks * WIDTH * sizeof(float));
    int m = 0;
    for (int k = 0; k <= in; k++)
        for (int j = 0; j <= hid; j++) input_weights_one_dim[m++] = net->input_weights[k][j];

    float *input_cuda, *output_hidden_cuda, *input_hidden_cuda, *hidden_partial_sum, *hidden_delta_cuda,
        *input_prev_weights_cuda;
    cudaMalloc((void **)&input_cuda, (in + 1) * sizeof(float));
    cudaMalloc((void **)&output_hidden_cuda, (hid + 1) * sizeof(float));
    cudaMalloc((void **)&input_hidden_cuda, (in + 1) * (hid + 1) * sizeof(float));
    cudaMalloc((void **)&hidden_partial_sum, num_blocks * WIDTH * sizeof(float));
    cudaMalloc((void **)&hidden_delta_cuda, (hid + 1) * sizeof(float));
    cudaMalloc((void **)&input_prev_weights_cuda, (in + 1) * (hid + 1) * sizeof(float));

    cudaMemcpy(input_cuda, net->input_units, (in + 1) * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(input_hidden_cuda, input_weights_one_dim, (in + 1) * (hid + 1) * sizeof(float), cudaMemcpyHostToDevice);

    bpnn_layerforward_CUDA<<<grid, threads>>>(input_cuda, output_hidden_cuda, input_hidden_cuda, hidden_partial_sum, in,
                                              hid);
    cudaThreadSynchronize();
    cudaError_t error = cudaGetLastError();
    if (error != cudaSuccess) {
        printf("bpnn kernel error: %s\n", cudaGetErrorString(error));
        exit(EXIT_FAILURE);
    }

    cudaMemcpy(partial_sum, hidden_partial_sum, num_blocks * WIDTH * sizeof(float), cudaMemcpyDeviceToHost);
    for (int j = 1; j <= hid; j++) {
        float sum = 0.0;
        for (int k = 0; k < num_blocks; k++) sum += partial_sum[k * hid + j - 1];
        sum += net->input_weights[0][j];
        net->hidden_units[j] = float(1.0 / (1.0 + exp(-sum)));
    }
    *eo = 0;
    *eh = ABS(net->hidden_units[1]) + squash(0.0f);

    bpnn_adjust_weights_cuda<<<grid, threads>>>(hidden_delta_cuda, hid, input_cuda, in, input_hidden_cuda,
                                                input_prev_weights_cuda);

    cudaFree(input_cuda);
    cudaFree(output_hidden_cuda);
    cudaFree(input_hidden_cuda);
    cudaFree(hidden_partial_sum);
    cudaFree(input_prev_weights_cuda);
    cudaFree(hidden_delta_cuda);
    free(partial_sum);
    free(input_weights_one_dim);
}

int main(int argc, char *argv[])
{
    int layer_size = 65536;
    if (argc == 2) layer_size = atoi(argv[1]);
    if (layer_size % 16 != 0) {
        fprintf(stderr, "The number of input points must be divided by 16\n");
        exit(0);
    }
    BPNN *net = bpnn_create(layer_size, 16, 1);
    float out_err, hid_err;
    bpnn_train_cuda(net, &out_err, &hid_err);
    printf("Training done\n");
    return 0;
}
